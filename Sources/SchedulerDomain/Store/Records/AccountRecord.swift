import Foundation
import SchedulerCore

/// A linked account as the stores keep it, with the counts they read beside it: the facts of an `AccountView`.
package struct AccountRecord: Sendable, Equatable {
    package var id: Int64
    package var network: Network
    package var handle: String
    package var displayName: String
    package var remoteId: String
    package var authKind: AuthKind
    package var status: AccountStatus
    package var createdAt: Date
    package var pendingPosts: Int
    /// When the access token expires, when the network said.
    package var accessExpiresAt: Date?
    /// True when the daemon can renew the token without the person.
    package var refreshable: Bool
    /// Posts due after `accessExpiresAt`.
    package var postsAfterExpiry: Int
    package var statusReason: String?
    /// The network refuses this account a permission its deliveries need.
    package var permissionRefusal: PermissionRefusal?
    package var notes: [String]?
    package var instanceLimits: MastodonInstanceLimits?

    /// `network:@handle`, the form `--to` accepts.
    package var reference: String { "\(network.rawValue):@\(handle)" }
    /// How to link this account again as the same identity (``RelinkCommand``).
    package var relinkCommand: String { RelinkCommand.text(network: network, handle: handle) }

    package init(id: Int64, network: Network, handle: String, displayName: String, remoteId: String,
                 authKind: AuthKind, status: AccountStatus, createdAt: Date, pendingPosts: Int,
                 accessExpiresAt: Date? = nil, refreshable: Bool = false, postsAfterExpiry: Int = 0, statusReason: String? = nil,
                 permissionRefusal: PermissionRefusal? = nil, instanceLimits: MastodonInstanceLimits? = nil) {
        self.instanceLimits = instanceLimits
        self.id = id; self.network = network; self.handle = handle; self.displayName = displayName
        self.remoteId = remoteId; self.authKind = authKind; self.status = status
        self.createdAt = createdAt; self.pendingPosts = pendingPosts
        self.accessExpiresAt = accessExpiresAt; self.refreshable = refreshable
        self.postsAfterExpiry = postsAfterExpiry; self.statusReason = statusReason
        self.permissionRefusal = permissionRefusal
    }

    /// How many deliveries the network refused for want of a permission, why, and since when.
    package struct PermissionRefusal: Sendable, Equatable {
        package var deliveries: Int
        package var reason: String
        package var since: Date

        package init(deliveries: Int, reason: String, since: Date) {
            self.deliveries = deliveries; self.reason = reason; self.since = since
        }
    }
}
