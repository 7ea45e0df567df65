import SchedulerCore
import SchedulerDomain

extension AccountView {
    /// The control API's view of a linked account, field for field.
    package init(_ record: AccountRecord) {
        self.init(id: record.id, network: record.network, handle: record.handle, displayName: record.displayName,
                  remoteId: record.remoteId, authKind: record.authKind, status: record.status, createdAt: record.createdAt,
                  pendingPosts: record.pendingPosts, accessExpiresAt: record.accessExpiresAt, refreshable: record.refreshable,
                  postsAfterExpiry: record.postsAfterExpiry, statusReason: record.statusReason,
                  permissionRefusal: record.permissionRefusal.map(PermissionRefusal.init), instanceLimits: record.instanceLimits)
        notes = record.notes
    }
}

extension AccountView.PermissionRefusal {
    /// The control API's view of an account's refused permission, field for field.
    package init(_ record: AccountRecord.PermissionRefusal) {
        self.init(deliveries: record.deliveries, reason: record.reason, since: record.since)
    }
}
