import Connectors
import Foundation
import SchedulerCore

/// Importing and removing accounts: credentials are checked with the network, sealed, and only then stored.
public struct AccountService: Sendable {
    let store: Store
    let connectors: ConnectorRegistry
    let vault: CredentialVault
    let wake: WakeSignal

    public init(store: Store, connectors: ConnectorRegistry, vault: CredentialVault, wake: WakeSignal) {
        self.store = store; self.connectors = connectors; self.vault = vault; self.wake = wake
    }

    public func importAccount(_ request: ImportAccountRequest) async throws -> AccountView {
        guard let connector = connectors[request.network] else {
            throw RequestError.badRequest("\(request.network.displayName) is not configured on this daemon; add [networks.\(request.network.rawValue)] to the configuration")
        }
        let credentials: AccountCredentials
        let authKind: AuthKind
        switch request.network {
        case .x:
            guard let secret = request.tokenSecret, !secret.isEmpty, !request.token.isEmpty else {
                throw RequestError.badRequest("an X import needs the access token and the access token secret (OAuth 1.0a user context)")
            }
            credentials = .oauth1(token: request.token, tokenSecret: secret)
            authKind = .oauth1
        default:
            guard !request.token.isEmpty else { throw RequestError.badRequest("the access token is empty") }
            credentials = .oauth2(accessToken: request.token, refreshToken: nil, expiresAt: nil)
            authKind = .oauth2
        }
        let profile: AccountProfile
        do {
            profile = try await connector.verify(credentials: credentials)
        } catch {
            let code: APIErrorCode = error.code == .authFailure || error.code == .permanent ? .badRequest : .unavailable
            throw RequestError(code, "\(request.network.displayName) did not accept these credentials: \(error.message)")
        }
        let vault = self.vault
        let account = try await store.upsertAccount(network: request.network, remoteID: profile.remoteID, handle: profile.handle,
                                                    displayName: profile.displayName, authKind: authKind) { id in
            try vault.seal(credentials, accountID: id)
        }
        wake.signal()
        return account
    }

    public func remove(reference: String, cancelPending: Bool) async throws -> AccountView {
        let account = try await store.removeAccount(reference: reference, cancelPending: cancelPending)
        wake.signal()
        return account
    }
}
