import Foundation
import SchedulerCore

/// Linked accounts and their sealed credentials. The blobs are sealed before they reach the store and
/// opened after they leave it: no store ever sees a token in the clear.
package protocol AccountStore: Sendable {
    /// Adds the account, or re-activates it with new credentials when the same remote account is imported again.
    /// `seal` receives the row id, so the sealed blob is bound to its row. With `replacing`, that account takes the
    /// new remote identity in the same transaction (its posts and history stay with it), unless another account
    /// holds that identity already; the caller decides when an identity is replaced.
    func upsertAccount(network: Network, remoteID: String, handle: String, displayName: String, authKind: AuthKind,
                       grant: CredentialGrant, now: Date, replacing: Int64?,
                       seal: @escaping @Sendable (Int64) throws -> [UInt8]?) async throws -> AccountRecord
    /// Accounts people can publish to or need to fix; removed ones only when asked.
    func accounts(includeRevoked: Bool) async throws -> [AccountRecord]
    /// Resolves `3`, `x:@runner`, `x:runner`, `@runner` or `runner` to one account that is not removed.
    func account(reference: String) async throws -> AccountRecord
    /// The sealed credential blob of an account, or nil when it has none.
    func sealedCredentials(accountID: Int64) async throws -> [UInt8]?
    /// Removes an account: its sealed secrets are deleted and it can no longer be targeted; its published
    /// history stays. Refuses while unfinished posts target it, unless `cancelPending` cancels them (and says how many).
    func removeAccount(reference: String, cancelPending: Bool, now: Date) async throws -> RemovedAccount
    /// Replaces an account's sealed credentials (after a refresh) in one transaction, so a rotated refresh
    /// token is stored before anything uses it.
    func replaceCredentials(accountID: Int64, sealed: [UInt8], grant: CredentialGrant, now: Date) async throws
    /// Renews an account's credentials once, however many daemons need them renewed at the same moment: `renew` runs
    /// holding the account's renewal lock (a row lock where daemons share the store), is given the sealed blob as
    /// stored now (another daemon may have just renewed it), and returns the blob to store in its place, if any.
    /// That blob is committed before this returns, so a rotated refresh token is stored before the new access
    /// token is used.
    func renewingCredentials<T: Sendable>(accountID: Int64, now: Date,
                                          _ renew: @Sendable ([UInt8]?) async throws -> (replacement: RenewedCredentials?, result: T)) async throws -> T
    /// Holds an account's posts until a person relinks it, saying why (a `needs_relink` event the first time).
    func markNeedsRelink(accountID: Int64, reason: String, now: Date) async throws
    /// How many accounts (revoked ones included) hold sealed credentials: while any do, a missing key is
    /// restored, never replaced.
    /// What a Mastodon account's instance allows, read when it is linked: its posts are checked against it.
    func setInstanceLimits(accountID: Int64, limits: MastodonInstanceLimits) async throws
    /// The app schedulerd registered on `instance` for `redirectURI`, if it did.
    func instanceApp(network: Network, instance: String, redirectURI: String) async throws -> InstanceApp?
    /// Keeps the app registered on `instance` for `redirectURI` (its secret sealed), replacing one there.
    func storeInstanceApp(_ app: InstanceApp, network: Network, instance: String, redirectURI: String, now: Date) async throws
    func sealedCredentialCount() async throws -> Int
    /// Every stored sealed blob, to check at start that the key still opens them.
    func sealedBlobs() async throws -> [(accountID: Int64, sealed: [UInt8])]
}

extension AccountStore {
    package func upsertAccount(network: Network, remoteID: String, handle: String, displayName: String, authKind: AuthKind,
                              grant: CredentialGrant = CredentialGrant(), replacing: Int64? = nil,
                              seal: @escaping @Sendable (Int64) throws -> [UInt8]?) async throws -> AccountRecord {
        try await upsertAccount(network: network, remoteID: remoteID, handle: handle, displayName: displayName, authKind: authKind,
                                grant: grant, now: Date(), replacing: replacing, seal: seal)
    }

    package func accounts() async throws -> [AccountRecord] { try await accounts(includeRevoked: false) }

    package func removeAccount(reference: String, cancelPending: Bool) async throws -> RemovedAccount {
        try await removeAccount(reference: reference, cancelPending: cancelPending, now: Date())
    }

    package func replaceCredentials(accountID: Int64, sealed: [UInt8], grant: CredentialGrant) async throws {
        try await replaceCredentials(accountID: accountID, sealed: sealed, grant: grant, now: Date())
    }

    package func markNeedsRelink(accountID: Int64, reason: String) async throws {
        try await markNeedsRelink(accountID: accountID, reason: reason, now: Date())
    }
}

/// An account as `removeAccount` left it, and how many unfinished posts to it were cancelled with it.
package struct RemovedAccount: Sendable, Equatable {
    package var account: AccountRecord
    package var cancelledPosts: Int
    package init(account: AccountRecord, cancelledPosts: Int) {
        self.account = account
        self.cancelledPosts = cancelledPosts
    }
}

/// An app schedulerd registered on a server of the person's choosing (a Mastodon instance): its client id, and its
/// secret sealed with the credential key.
package struct InstanceApp: Sendable, Equatable {
    package var clientID: String
    package var sealedSecret: [UInt8]

    package init(clientID: String, sealedSecret: [UInt8]) {
        self.clientID = clientID
        self.sealedSecret = sealedSecret
    }
}
