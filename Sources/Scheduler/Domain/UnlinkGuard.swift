import SchedulerCore

/// Whether an account may be unlinked, decided inside the unlink's transaction: never while one of its deliveries is
/// going out, and not while unfinished posts target it unless the person asked to cancel them.
struct UnlinkGuard {
    let account: AccountView
    /// Its deliveries in `publishing` right now.
    let publishingNow: Int
    let cancelPending: Bool

    func check() throws(StoreError) {
        if publishingNow > 0 {
            throw StoreError(.conflict, "\(account.reference) is publishing right now; try again in a moment")
        }
        if account.pendingPosts > 0 && !cancelPending {
            throw StoreError(.conflict, "\(Counted.of(account.pendingPosts, "unfinished post")) \(account.pendingPosts == 1 ? "targets" : "target") "
                             + "\(account.reference); cancel them first or pass --cancel-pending")
        }
    }
}
