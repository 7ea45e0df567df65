import Foundation
import SchedulerCore
import SchedulerDomain
import Synchronization

/// Account references resolved once per batch: an import of 10,000 rows to three accounts reads three accounts.
///
/// A lock, not an actor: an import asks for every row's accounts, and a reference already resolved is answered
/// without a hop to another executor (an actor's hop per row cost more than the row's own checks).
package final class AccountCache: Sendable {
    private let store: any AccountStore
    private let resolved = Mutex<[String: Result<AccountRecord, StoreError>]>([:])

    package init(store: any AccountStore) {
        self.store = store
    }

    package func account(_ reference: String) async throws -> AccountRecord {
        if let known = resolved.withLock({ $0[reference] }) { return try known.get() }
        do {
            let account = try await store.account(reference: reference)
            resolved.withLock { $0[reference] = .success(account) }
            return account
        } catch let error as StoreError {
            resolved.withLock { $0[reference] = .failure(error) }
            throw error
        }
    }
}
