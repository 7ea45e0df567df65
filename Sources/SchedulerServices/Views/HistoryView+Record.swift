import SchedulerCore
import SchedulerDomain

extension HistoryView {
    /// The control API's view of a post's attempts, field for field.
    package init(_ record: HistoryRecord) {
        self.init(postId: record.postId, deliveries: record.deliveries.map(Delivery.init))
    }
}

extension HistoryView.Delivery {
    /// One delivery's attempts as `history` shows them.
    package init(_ record: HistoryRecord.Delivery) {
        self.init(id: record.id, account: record.account, state: record.state, attempts: record.attempts.map(HistoryView.Attempt.init))
    }
}

extension HistoryView.Attempt {
    /// One attempt as `history` shows it.
    package init(_ record: HistoryRecord.Attempt) {
        self.init(startedAt: record.startedAt, finishedAt: record.finishedAt, httpStatus: record.httpStatus, outcome: record.outcome,
                  errorClass: record.errorClass, excerpt: record.excerpt, part: record.part)
    }
}
