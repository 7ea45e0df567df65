import Connectors
import Foundation
import Logging
import SchedulerCore
import SchedulerDomain

/// Hands the engine credentials it can use: opens the sealed blob, renews an OAuth 2.0 token that is
/// about to expire, and after a refusal renews once. Renewals are single-flight per account, and the
/// rotated refresh token is committed to the store before anyone uses the new access token.
package actor CredentialProvider {
    package let store: any AccountStore
    package let vault: CredentialVault
    package let linkers: LinkerRegistry
    package let logger: Logger
    package let now: @Sendable () -> Date
    /// Tokens expiring within this margin are renewed before use.
    package let renewalMargin: TimeInterval
    /// Counts renewals by outcome.
    package let metrics: SchedulerMetrics
    private var renewals: [Int64: Task<AccountCredentials, any Error>] = [:]
    /// The last blob opened per account and what it held: a burst to one account opens (decrypts and decodes) its
    /// credentials once. Keyed by the sealed bytes themselves, so a renewal or relink anywhere (another daemon
    /// included) is seen at once; the store is still read every time.
    private var opened: [Int64: (sealed: [UInt8], credentials: AccountCredentials)] = [:]

    package init(store: any AccountStore, vault: CredentialVault, linkers: LinkerRegistry, logger: Logger,
                renewalMargin: TimeInterval = 60, metrics: SchedulerMetrics = SchedulerMetrics(), now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store; self.vault = vault; self.linkers = linkers; self.logger = logger
        self.renewalMargin = renewalMargin; self.metrics = metrics; self.now = now
    }

    /// The account's credentials, renewed first when they expire within the margin and can be renewed.
    ///
    /// `sealed`: the blob as a claim just read it, so the store is not read again; a renewal still reads the store.
    package func credentials(accountID: Int64, network: Network, sealed: [UInt8]? = nil) async throws -> AccountCredentials {
        let current = try await open(accountID, network: network, sealed: sealed)
        guard current.refreshToken != nil, current.expires(within: renewalMargin(network), of: now()) else { return current }
        return try await renew(accountID: accountID, network: network, rejected: current)
    }

    /// A Threads token is renewed in its last week rather than its last minute: once expired it cannot be renewed at all
    /// (`th_refresh_token` takes only a live token), so any post in that week keeps the account linked.
    package func renewalMargin(_ network: Network) -> TimeInterval {
        network == .threads ? max(renewalMargin, 7 * 86_400) : renewalMargin
    }

    /// Renews after the network refused `rejected`. Concurrent callers share one renewal; a caller whose
    /// rejected token was already replaced gets the new one without renewing again.
    package func renew(accountID: Int64, network: Network, rejected: AccountCredentials) async throws -> AccountCredentials {
        if let running = renewals[accountID] { return try await running.value }
        let task = Task { try await self.performRenewal(accountID: accountID, network: network, rejected: rejected) }
        renewals[accountID] = task
        defer { renewals[accountID] = nil }
        return try await task.value
    }

    /// What a renewal came to, decided while the account's renewal lock is held; acted on after it is released.
    private enum Renewal: Sendable {
        /// Renewed here (`byThisCall`), or found already renewed by another caller or daemon.
        case renewed(AccountCredentials, byThisCall: Bool)
        case needsRelink(String)
    }

    /// Renews under the store's renewal lock, so daemons sharing a store renew an account once: whoever comes second
    /// finds the token already replaced and uses it.
    private func performRenewal(accountID: Int64, network: Network, rejected: AccountCredentials) async throws -> AccountCredentials {
        let vault = vault
        let linker = linkers[network]
        let renewal: Renewal
        do {
            renewal = try await renewingCredentials(accountID: accountID, network: network, rejected: rejected, vault: vault, linker: linker)
        } catch {
            metrics.renewal(network, .failed)
            throw error
        }
        switch renewal {
        case .renewed(let credentials, let byThisCall):
            if byThisCall {
                metrics.renewal(network, .renewed)
                logger.info("account token renewed", metadata: ["account.id": "\(accountID)", "account.network": "\(network)"])
            }
            return credentials
        case .needsRelink(let reason):
            metrics.renewal(network, .needsRelink)
            throw try await needsRelink(accountID, network, reason)
        }
    }

    /// The renewal itself, under the store's renewal lock.
    private func renewingCredentials(accountID: Int64, network: Network, rejected: AccountCredentials, vault: CredentialVault,
                                     linker: (any AccountLinker)?) async throws -> Renewal {
        try await store.renewingCredentials(accountID: accountID, now: now()) { sealed -> (replacement: RenewedCredentials?, result: Renewal) in
            guard let sealed else { return (nil, .needsRelink("\(network.displayName) unavailable: login error (no stored credentials)")) }
            let stored: AccountCredentials
            do throws(CredentialVaultError) { stored = try vault.open(sealed, accountID: accountID) } catch {
                return (nil, .needsRelink("\(network.displayName) unavailable: login error (\(error.message))"))
            }
            if stored.token != rejected.token { return (nil, .renewed(stored, byThisCall: false)) }
            guard let linker, stored.refreshToken != nil else {
                return (nil, .needsRelink("\(network.displayName) unavailable: login error (the token expired and cannot be renewed)"))
            }
            do {
                let renewed = try await linker.refresh(stored)
                return (RenewedCredentials(sealed: try vault.seal(renewed, accountID: accountID), grant: CredentialGrant(credentials: renewed)),
                        .renewed(renewed, byThisCall: true))
            } catch let error as LinkError where error.code == .needsRelink || error.code == .unsupported || error.code == .misconfigured {
                return (nil, .needsRelink("\(network.displayName) unavailable: login error (\(error.message))"))
            } catch let error as LinkError {
                throw CredentialProviderError(needsRelink: false, message: "renewing the \(network.displayName) token failed: \(error.message)")
            }
        }
    }

    private func needsRelink(_ accountID: Int64, _ network: Network, _ reason: String) async throws -> CredentialProviderError {
        try await store.markNeedsRelink(accountID: accountID, reason: reason, now: now())
        logger.error("account needs relinking", metadata: ["account.id": "\(accountID)", "account.network": "\(network)"])
        return CredentialProviderError(needsRelink: true, message: reason)
    }

    private func open(_ accountID: Int64, network: Network, sealed claimed: [UInt8]? = nil) async throws -> AccountCredentials {
        var sealed = claimed
        if sealed == nil { sealed = try await store.sealedCredentials(accountID: accountID) }
        guard let sealed else {
            opened[accountID] = nil
            throw CredentialProviderError(needsRelink: true, message: "\(network.displayName) unavailable: login error (no stored credentials)")
        }
        if let cached = opened[accountID], cached.sealed == sealed { return cached.credentials }
        do {
            let credentials = try vault.open(sealed, accountID: accountID)
            opened[accountID] = (sealed, credentials)
            return credentials
        } catch {
            throw try await needsRelink(accountID, network, "\(network.displayName) unavailable: login error (\(error.message))")
        }
    }
}

/// Credentials could not be provided: the account needs a person, or the renewal can be retried later.
package struct CredentialProviderError: Error, Sendable, CustomStringConvertible {
    package var needsRelink: Bool
    package var message: String
    package var description: String { message }
}

extension CredentialGrant {
    /// The non-secret facts of `credentials`, for the account's plain columns.
    package init(credentials: AccountCredentials) {
        self.init(accessExpiresAt: credentials.expiresAt, refreshable: credentials.refreshToken != nil, scopes: credentials.scopes)
    }
}
