import SchedulerCore
import SchedulerDomain

extension InboxFileView {
    /// The control API's view of a file the inbox took in, field for field.
    package init(_ record: InboxFileRecord) {
        self.init(sha256: record.sha256, name: record.name, state: record.state, postId: record.postId, error: record.error,
                  arrivedAt: record.arrivedAt, updatedAt: record.updatedAt, seenAgain: record.seenAgain)
    }
}
