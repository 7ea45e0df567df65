import SchedulerCore
import SchedulerDomain

extension PostView {
    /// The control API's view of a stored post: every field as the record has it, the version worked out from `updatedAt`.
    package init(_ record: PostRecord) {
        self.init(id: record.id, text: record.text, dueAt: record.dueAt, dueZone: record.dueZone, dueLocal: record.dueLocal,
                  latenessLimitSeconds: record.latenessLimitSeconds, source: record.source, createdAt: record.createdAt,
                  updatedAt: record.updatedAt, deliveries: record.deliveries.map(DeliveryView.init), media: record.media.map(MediaView.init),
                  notes: record.notes, queued: record.queued, series: record.series.map(PostSeriesView.init),
                  thread: record.thread?.map(ThreadPartView.init), options: record.options, writtenBy: record.writtenBy,
                  rejectionOpen: record.rejectionOpen)
    }
}

extension DeliveryView {
    /// The control API's view of one delivery, field for field.
    package init(_ record: DeliveryRecord) {
        self.init(id: record.id, accountId: record.accountId, account: record.account, network: record.network, state: record.state,
                  text: record.text, remoteId: record.remoteId, remoteUrl: record.remoteUrl, publishedAt: record.publishedAt,
                  nextAttemptAt: record.nextAttemptAt, attempts: record.attempts, error: record.error, lookUpFirst: record.lookUpFirst,
                  firstComment: record.firstComment, partCount: record.partCount, parts: record.parts?.map(DeliveryPartView.init),
                  throttledUntil: record.throttledUntil)
    }
}

extension DeliveryPartView {
    /// The control API's view of one published part, field for field.
    package init(_ record: DeliveryPartRecord) {
        self.init(part: record.part, kind: record.kind, remoteId: record.remoteId, remoteUrl: record.remoteUrl, publishedAt: record.publishedAt)
    }
}

extension MediaView {
    /// The control API's view of a stored file, field for field.
    package init(_ record: MediaRecord) {
        self.init(id: record.id, kind: record.kind, contentType: record.contentType, size: record.size, width: record.width,
                  height: record.height, alt: record.alt)
    }
}

extension ThreadPartView {
    /// The control API's view of a thread part, field for field.
    package init(_ record: ThreadPartRecord) {
        self.init(text: record.text, media: record.media.map(MediaView.init))
    }
}

extension PostSeriesView {
    /// The control API's view of a post's series, field for field.
    package init(_ record: PostSeriesRecord) {
        self.init(id: record.id, index: record.index, rule: record.rule, text: record.text, textFor: record.textFor,
                  start: record.start, zone: record.zone)
        editedAlone = record.editedAlone
    }
}
