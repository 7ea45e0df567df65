import Foundation
import SchedulerCore

/// A daemon sharing the PostgreSQL store, as its lease row says.
package struct DaemonRecord: Sendable, Equatable {
    package var id: String
    package var host: String
    package var pid: Int
    package var version: String
    package var startedAt: Date
    package var leaseUntil: Date
    /// Deliveries it has claimed and is publishing.
    package var publishing: Int
    /// True for the daemon that read it.
    package var this: Bool

    package init(id: String, host: String, pid: Int, version: String, startedAt: Date, leaseUntil: Date, publishing: Int, this: Bool) {
        self.id = id; self.host = host; self.pid = pid; self.version = version; self.startedAt = startedAt
        self.leaseUntil = leaseUntil; self.publishing = publishing; self.this = this
    }
}

/// The next post due, and to how many accounts.
package struct NextDueRecord: Sendable, Equatable {
    package var postId: Int64
    package var dueAt: Date
    package var accounts: Int

    package init(postId: Int64, dueAt: Date, accounts: Int) {
        self.postId = postId; self.dueAt = dueAt; self.accounts = accounts
    }
}

/// The first delivery its account holds back, and why.
package struct HeldDueRecord: Sendable, Equatable {
    package var postId: Int64
    package var dueAt: Date
    /// `network:@handle`.
    package var account: String
    package var reason: HeldReason

    package init(postId: Int64, dueAt: Date, account: String, reason: HeldReason) {
        self.postId = postId; self.dueAt = dueAt; self.account = account; self.reason = reason
    }
}

/// Why an account holds its deliveries back.
package enum HeldReason: String, Sendable, Equatable {
    case revoked
    case needsRelink = "needs_relink"
    case accountPaused = "account_paused"
    case networkPaused = "network_paused"

    /// The first reason that applies to an account, as the store keeps it (`status`, `paused`, its network's pause).
    package static func first(status: String, accountPaused: Bool, networkPaused: Bool) -> Self {
        switch AccountStatus(rawValue: status) {
        case .revoked: .revoked
        case .needsRelink: .needsRelink
        default: accountPaused ? .accountPaused : networkPaused ? .networkPaused : .accountPaused
        }
    }
}

/// Events the notification hooks have yet to take, since when, the last error, and how many were given up on.
package struct HookBacklogRecord: Sendable, Equatable {
    package var waiting: Int
    package var waitingSince: Date?
    package var lastError: String?
    package var givenUp: Int

    package init(waiting: Int, waitingSince: Date?, lastError: String?, givenUp: Int) {
        self.waiting = waiting; self.waitingSince = waitingSince; self.lastError = lastError; self.givenUp = givenUp
    }
}
