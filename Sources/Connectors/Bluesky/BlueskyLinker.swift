import CryptoPrimitives
import Foundation
import HTTPClient
import SchedulerCore

/// Links a Bluesky account with a handle (or DID) and an app password, never the account's own password: the handle is
/// resolved to its DID, a session is made (`com.atproto.server.createSession`), and the PDS is read from the DID document
/// the session carries. Only the session's tokens are kept, sealed; the app password is forgotten once used. The access
/// token lasts two hours and is renewed with the refresh token, which rotates (`refreshSession`); a revoked app password
/// makes renewal fail and the account `needs_relink`.
///
/// AT Protocol's OAuth needs a client-metadata document at a public https URL, which a daemon on a private network does
/// not have; linking by app password is the way until it can (docs/networks.md).
public struct BlueskyLinker: PasswordLinking {
    public let network = Network.bluesky
    /// Bluesky links with an app password, not a browser.
    public let methods: [LinkMethod] = []
    /// The entryway an account signs in at when it names no PDS of its own.
    let service: String
    let transport: any HTTPTransport
    let now: @Sendable () -> Date

    public init(service: String = "https://bsky.social", transport: any HTTPTransport, now: @escaping @Sendable () -> Date = Date.init) {
        self.service = service
        self.transport = transport
        self.now = now
    }

    public func signIn(identifier: String, password: String, service chosen: String?) async throws(LinkError) -> LinkedAccount {
        let entry = BlueskyXRPC(pds: chosen ?? service, transport: transport)
        let name = identifier.trimmingCharacters(in: .whitespaces).drop { $0 == "@" }
        guard !name.isEmpty else { throw LinkError(.invalidInput, "Bluesky: give the account's handle or DID") }
        do {
            let did = name.hasPrefix("did:") ? String(name) : try await entry.resolveHandle(String(name))
            let session = try await entry.createSession(identifier: did, appPassword: password)
            guard session.did == did else { throw LinkError(.invalidInput, "Bluesky: the session is for \(session.did), not \(did)") }
            let credentials = self.credentials(session, pds: session.pds ?? chosen ?? service)
            return LinkedAccount(profile: AccountProfile(remoteID: session.did, handle: session.handle, displayName: session.handle),
                                 credentials: credentials, authKind: .appPassword)
        } catch let error as ConnectorError {
            throw Self.linkError(error, signingIn: true)
        } catch let error as LinkError {
            throw error
        } catch {
            throw LinkError(.unavailable, "Bluesky: \(error)")
        }
    }

    public func start(method: LinkMethod, redirectURI: String, options: LinkOptions) async throws(LinkError) -> PendingLink {
        throw LinkError(.unsupported, "Bluesky links with an app password: `schedctl accounts add bluesky --handle NAME`")
    }

    public func complete(_ pending: PendingLink, response: String, options: LinkOptions) async throws(LinkError) -> LinkedAccount {
        throw LinkError(.unsupported, "Bluesky links with an app password: `schedctl accounts add bluesky --handle NAME`")
    }

    public func identify(_ credentials: AccountCredentials) async throws(LinkError) -> AccountProfile {
        do {
            let me = try await BlueskyXRPC(pds: credentials.serviceURL ?? service, transport: transport).whoAmI(accessJwt: credentials.token)
            return AccountProfile(remoteID: me.did, handle: me.handle, displayName: me.handle)
        } catch {
            throw Self.linkError(error, signingIn: false)
        }
    }

    public func refresh(_ credentials: AccountCredentials) async throws(LinkError) -> AccountCredentials {
        guard let refreshJwt = credentials.refreshToken else { throw LinkError(.unsupported, "Bluesky: no refresh token is kept") }
        let pds = credentials.serviceURL ?? service
        do {
            return self.credentials(try await BlueskyXRPC(pds: pds, transport: transport).refreshSession(refreshJwt: refreshJwt), pds: pds)
        } catch {
            throw Self.linkError(error, signingIn: false, refreshing: true)
        }
    }

    /// Ends the session (`com.atproto.server.deleteSession`, with the refresh token); the app password itself is revoked
    /// in Bluesky's settings, which the person is told.
    public func revoke(_ credentials: AccountCredentials) async throws(LinkError) -> Bool {
        guard let refreshJwt = credentials.refreshToken else { return false }
        do {
            _ = try await BlueskyXRPC(pds: credentials.serviceURL ?? service, transport: transport).deleteSession(refreshJwt: refreshJwt)
            return true
        } catch {
            throw Self.linkError(error, signingIn: false)
        }
    }

    func credentials(_ session: BlueskyXRPC.Session, pds: String) -> AccountCredentials {
        AccountCredentials(scheme: .oauth2, token: session.accessJwt, refreshToken: session.refreshJwt,
                           expiresAt: BlueskySessionExpiry.expiresAt(session.accessJwt, now: now()), serviceURL: pds)
    }

    /// A refused app password or session is the person's to fix; the network failing is for later.
    static func linkError(_ error: ConnectorError, signingIn: Bool, refreshing: Bool = false) -> LinkError {
        let refused = error.code == .authFailure || error.code == .permanent
        if refused && refreshing { return LinkError(.needsRelink, "Bluesky refused the session: \(error.message)") }
        if refused && signingIn {
            return LinkError(.invalidInput, "Bluesky refused the sign-in: \(error.message); use an app password (Settings, Privacy and security, App passwords)")
        }
        // The transport's message names Bluesky already ("Bluesky could not be reached: …"): issue 48, item 11 printed it twice.
        let named = error.message.hasPrefix("Bluesky") ? error.message : nil
        if refused { return LinkError(.invalidInput, named ?? "Bluesky: \(error.message)") }
        return LinkError(.unavailable, named ?? "Bluesky could not be reached: \(error.message)")
    }
}

/// When an access JWT expires, from its `exp` claim (read, not verified: the PDS verifies it). Two hours from now when
/// the token says nothing, the reference PDS's lifetime.
enum BlueskySessionExpiry {
    static func expiresAt(_ jwt: String, now: Date) -> Date {
        let parts = jwt.split(separator: ".")
        guard parts.count == 3 else { return now.addingTimeInterval(7_200) }
        var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        guard let data = Data(base64Encoded: payload), let claims = try? JSONDecoder().decode(JSONValue.self, from: data),
              let exp = claims["exp"]?.integer else { return now.addingTimeInterval(7_200) }
        return Date(timeIntervalSince1970: TimeInterval(exp))
    }
}
