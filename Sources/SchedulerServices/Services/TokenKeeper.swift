import Foundation
import Logging
import SchedulerCore
import SchedulerDomain
import ServiceLifecycle

/// Renews the tokens of accounts that post rarely, at start and then once a day. A token is otherwise renewed only
/// when a post needs it, and an account quiet for long loses it for good: a Threads token is its own refresh token and
/// lives 60 days; a Bluesky or X refresh token dies unused. Each pass asks ``CredentialProvider`` for the credentials of
/// every active account whose token expires before the next pass (its renewal margin included), which renews only
/// those within the margin, single-flight as the engine's renewals are; a refused renewal marks the account
/// `needs_relink` there, with its reason, so `status` and `doctor` say so long before a post fails.
package struct TokenKeeper: Service {
    package let store: any AccountStore
    package let credentials: CredentialProvider
    package let interval: Duration
    package let logger: Logger
    package let now: @Sendable () -> Date

    package static let defaultInterval: Duration = .seconds(86_400)

    package init(store: any AccountStore, credentials: CredentialProvider, interval: Duration = defaultInterval, logger: Logger,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store; self.credentials = credentials; self.interval = interval; self.logger = logger; self.now = now
    }

    package func run() async throws {
        await repeatEvery(interval) { await keepOnce() }
    }

    /// One pass; how many accounts were asked for.
    @discardableResult
    package func keepOnce() async -> Int {
        let accounts: [AccountRecord]
        do {
            accounts = try await store.accounts(includeRevoked: false)
        } catch {
            logger.error("cannot list the accounts whose tokens to renew; tried again tomorrow", metadata: ["error": "\(error)"])
            return 0
        }
        let horizon = now().addingTimeInterval(TimeInterval(interval.components.seconds))
        var asked = 0
        for account in accounts where account.status == .active && account.refreshable {
            guard let expiry = account.accessExpiresAt,
                  expiry < horizon.addingTimeInterval(await credentials.renewalMargin(account.network)) else { continue }
            asked += 1
            do {
                _ = try await credentials.credentials(accountID: account.id, network: account.network)
            } catch {
                logger.warning("a token could not be renewed ahead of its expiry", metadata: ["account": "\(account.reference)", "error": "\(error)"])
            }
        }
        return asked
    }
}
