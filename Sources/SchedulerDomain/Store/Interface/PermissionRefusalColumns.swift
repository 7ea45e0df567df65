import Foundation
import SchedulerCore

extension AccountRecord.PermissionRefusal {
    /// The account row's run of permission refusals (`permission_refusals`, `permission_refusal`,
    /// `permission_refused_since`) as a record carries it; nil when there is none.
    package static func stored(count: Int, reason: String?, since: Int64?) -> Self? {
        guard count > 0 else { return nil }
        return Self(deliveries: count, reason: reason ?? "refused for a missing permission",
                    since: since.map(Date.init(unixMilliseconds:)) ?? Date(timeIntervalSince1970: 0))
    }
}
