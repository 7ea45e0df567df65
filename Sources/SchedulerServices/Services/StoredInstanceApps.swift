import Connectors
import Foundation
import SchedulerCore
import SchedulerDomain

/// Mastodon apps kept in the store, one per instance and redirect address, their secrets sealed with the credential key
/// as account 0 (which no account is: ids start at 1), so a blob cannot be passed off as an account's. A secret that no
/// longer opens (the key was replaced) is registered again, as a first link would.
package struct StoredInstanceApps: InstanceApps {
    package let store: any AccountStore
    package let vault: CredentialVault
    package let network: Network
    package let now: @Sendable () -> Date

    package static let sealedAs: Int64 = 0

    package func app(instance: String, redirectURI: String,
             register: @Sendable () async throws(ConnectorError) -> (clientID: String, clientSecret: String)) async throws -> (clientID: String, clientSecret: String) {
        if let kept = try await store.instanceApp(network: network, instance: instance, redirectURI: redirectURI),
           let secret = try? vault.open(kept.sealedSecret, accountID: Self.sealedAs).token {
            return (kept.clientID, secret)
        }
        let registered = try await register()
        let sealed = try vault.seal(AccountCredentials(scheme: .oauth2, token: registered.clientSecret), accountID: Self.sealedAs)
        try await store.storeInstanceApp(InstanceApp(clientID: registered.clientID, sealedSecret: sealed), network: network, instance: instance,
                                         redirectURI: redirectURI, now: now())
        return registered
    }
    package init(store: any AccountStore, vault: CredentialVault, network: Network, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.vault = vault
        self.network = network
        self.now = now
    }
}
