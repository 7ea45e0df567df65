import Foundation
import SchedulerCore

/// Account references resolved once per batch: an import of 10,000 rows to three accounts reads three accounts.
actor AccountCache {
    private let store: any AccountStore
    private var resolved: [String: Result<AccountView, StoreError>] = [:]

    init(store: any AccountStore) {
        self.store = store
    }

    func account(_ reference: String) async throws -> AccountView {
        if let known = resolved[reference] { return try known.get() }
        do {
            let account = try await store.account(reference: reference)
            resolved[reference] = .success(account)
            return account
        } catch let error as StoreError {
            resolved[reference] = .failure(error)
            throw error
        }
    }
}
