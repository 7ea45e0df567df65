import Foundation
import HTTPClient
import Testing

@testable import Sandbox

/// One port per network host; every port answers the same `/_sandbox` records.
@Suite struct ListenersServerTests {
    @Test func everyListener_servesTheSameRecordsAndTheHelpersOfEveryNetwork() async throws {
        try await SandboxHarness.run { sandbox in
            let minted = try await sandbox.post(sandbox.linkedin + "/_sandbox/x/tokens", json: #"{"username":"runner"}"#)
            #expect(minted.status == 201)
            let facebook = try await sandbox.post(sandbox.x + "/_sandbox/facebook/tokens", json: "{}")
            #expect(facebook.status == 201)
            #expect(facebook.json?["access_token"]?.stringValue?.hasPrefix("EAAS") == true)
            let issued = try await [sandbox.x, sandbox.facebook, sandbox.linkedin].asyncMap { try await sandbox.get($0 + "/_sandbox/issued").bodyText }
            #expect(Set(issued).count == 1)
            #expect(issued[0].contains(#""kind":"oauth1_token""#))
            let listeners = try await sandbox.get(sandbox.facebook + "/_sandbox/listeners").json
            #expect(listeners?["instagram"]?.stringValue == sandbox.facebook)
            #expect(listeners?["x"]?.stringValue == sandbox.x)
        }
    }

    @Test func aNetworksPaths_areServedOnlyByItsOwnListener() async throws {
        try await SandboxHarness.run { sandbox in
            let linkedInTokenOnX = try await sandbox.post(sandbox.x + "/oauth/v2/accessToken", form: [])
            let xAuthorizeOnLinkedIn = try await sandbox.get(sandbox.linkedin + "/i/oauth2/authorize")
            let graphOnX = try await sandbox.get(sandbox.x + "/v26.0/me")
            let linkedInTokenOnLinkedIn = try await sandbox.post(sandbox.linkedin + "/oauth/v2/accessToken", form: [])
            #expect(linkedInTokenOnX.status == 404)
            #expect(xAuthorizeOnLinkedIn.status == 404)
            #expect(graphOnX.status == 404)
            #expect(linkedInTokenOnLinkedIn.status == 401)
        }
    }
}

extension Array {
    /// Maps in order, awaiting each element.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
