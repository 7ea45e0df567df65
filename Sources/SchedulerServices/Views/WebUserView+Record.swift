import SchedulerCore
import SchedulerDomain

extension WebUserView {
    /// The control API's view of a web app person: never the password's hash.
    package init(_ record: WebUserRecord) {
        self.init(name: record.name, role: record.role, createdAt: record.createdAt)
    }
}
