import SchedulerCore
import SchedulerDomain

extension StatusView.Daemon {
    /// The status view of a daemon sharing the store, field for field.
    package init(_ record: DaemonRecord) {
        self.init(id: record.id, host: record.host, pid: record.pid, version: record.version, startedAt: record.startedAt,
                  leaseUntil: record.leaseUntil, publishing: record.publishing, this: record.this)
    }
}

extension StatusView.NextDue {
    /// The status view of the next post due, field for field.
    package init(_ record: NextDueRecord) {
        self.init(postId: record.postId, dueAt: record.dueAt, accounts: record.accounts)
    }
}

extension StatusView.HeldDue {
    /// The status view of the first delivery held back, field for field; the reason keeps its wire word.
    package init(_ record: HeldDueRecord) {
        self.init(postId: record.postId, dueAt: record.dueAt, account: record.account, reason: StatusView.HeldReason(record.reason))
    }
}

extension StatusView.HeldReason {
    /// The same reason, by its wire word.
    package init(_ reason: HeldReason) {
        switch reason {
        case .revoked: self = .revoked
        case .needsRelink: self = .needsRelink
        case .accountPaused: self = .accountPaused
        case .networkPaused: self = .networkPaused
        }
    }
}

extension StatusView.Hooks {
    /// The status view of the hooks' backlog, field for field.
    package init(_ record: HookBacklogRecord) {
        self.init(waiting: record.waiting, waitingSince: record.waitingSince, lastError: record.lastError, givenUp: record.givenUp)
    }
}

extension UpcomingPostView {
    /// The view of a post still to go out, field for field.
    package init(_ record: UpcomingPostRecord) {
        self.init(id: record.id, dueAt: record.dueAt, networks: record.networks)
    }
}
