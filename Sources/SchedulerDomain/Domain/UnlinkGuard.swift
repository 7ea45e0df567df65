import SchedulerCore

/// Whether an account may be unlinked, decided inside the unlink's transaction: never while one of its deliveries is
/// going out, and not while unfinished posts target it unless the person asked to cancel them.
package struct UnlinkGuard {
    package let account: AccountRecord
    /// Its deliveries in `publishing` right now.
    package let publishingNow: Int
    package let cancelPending: Bool

    package func check() throws(StoreError) {
        if publishingNow > 0 {
            throw StoreError(.conflict, "\(account.reference) is publishing right now; try again in a moment")
        }
        if account.pendingPosts > 0 && !cancelPending {
            throw StoreError(.conflict, "\(Counted.of(account.pendingPosts, "unfinished post")) \(account.pendingPosts == 1 ? "targets" : "target") "
                             + "\(account.reference)", hint: RefusalHint(.cancelPending, account: account.reference))
        }
    }
    package init(account: AccountRecord, publishingNow: Int, cancelPending: Bool) {
        self.account = account
        self.publishingNow = publishingNow
        self.cancelPending = cancelPending
    }
}
