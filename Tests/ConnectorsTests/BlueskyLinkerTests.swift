@testable import Connectors
import Foundation
import HTTPClient
import SchedulerCore
import Testing

/// Signing a Bluesky account in with an app password, and what a refused session means.
@Suite struct BlueskyLinkerTests {
    typealias ScriptedTransport = BlueskyXRPCTests.ScriptedTransport

    @Test func aHandle_isResolved_thenSignedIn_andThePDSComesFromTheDIDDocument() async throws {
        let session = ##"{"accessJwt":"a","refreshJwt":"r","did":"did:plc:abc","handle":"runner.example","didDoc":{"service":[{"id":"#atproto_pds","type":"AtprotoPersonalDataServer","serviceEndpoint":"https://pds.example"}]}}"##
        let transport = ScriptedTransport([(200, #"{"did":"did:plc:abc"}"#, []), (200, session, [])])
        let linked = try await BlueskyLinker(service: "https://entry.example", transport: transport)
            .signIn(identifier: "@runner.example", password: "abcd-efgh-ijkl-mnop", service: nil)
        #expect(linked.profile.remoteID == "did:plc:abc" && linked.profile.handle == "runner.example")
        #expect(linked.credentials.serviceURL == "https://pds.example", "the account's own PDS, from its DID document")
        #expect(linked.credentials.refreshToken == "r" && linked.authKind == .appPassword)
        #expect(transport.sent.withLock { $0.map(\.url) } == ["https://entry.example/xrpc/com.atproto.identity.resolveHandle?handle=runner.example",
                                                               "https://entry.example/xrpc/com.atproto.server.createSession"])
    }

    /// Issue 48, item 11: "Bluesky could not be reached: Bluesky could not be reached: could not connect".
    @Test func anUnreachableBluesky_isNamedOnce() async throws {
        struct Unreachable: HTTPTransport {
            func send(_ request: HTTPRequest) async throws -> HTTPResponse {
                throw HTTPClientError(code: .couldNotConnect, message: "Connection refused")
            }
        }
        do {
            _ = try await BlueskyLinker(service: "https://entry.example", transport: Unreachable())
                .signIn(identifier: "runner.example", password: "abcd-efgh-ijkl-mnop", service: nil)
            Issue.record("signed in with nothing listening")
        } catch {
            #expect(error.code == .unavailable)
            #expect(error.message.hasPrefix("Bluesky could not be reached: "), "\(error.message)")
            #expect(error.message.components(separatedBy: "Bluesky").count == 2, "Bluesky named once: \(error.message)")
        }
    }

    @Test func aWrongAppPassword_isTheInputsFault_andARevokedOne_needsARelinkAtRenewal() async throws {
        let wrong = ScriptedTransport([(200, #"{"did":"did:plc:abc"}"#, []),
                                       (401, #"{"error":"AuthenticationRequired","message":"Invalid identifier or password"}"#, [])])
        await #expect(throws: LinkError.self) {
            _ = try await BlueskyLinker(transport: wrong).signIn(identifier: "runner.example", password: "nope", service: nil)
        }
        let revoked = ScriptedTransport([(400, #"{"error":"ExpiredToken","message":"Token has been revoked"}"#, [])])
        var credentials = AccountCredentials.oauth2(accessToken: "a", refreshToken: "r", expiresAt: nil)
        credentials.serviceURL = "https://pds.example"
        do {
            _ = try await BlueskyLinker(transport: revoked).refresh(credentials)
            Issue.record("a revoked session renewed")
        } catch {
            #expect(error.code == .needsRelink, "\(error)")
        }
    }
}
