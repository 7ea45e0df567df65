import SchedulerCore
import SchedulerDomain

extension EventView {
    /// What hooks, `GET /v1/events` and `events --follow` send of a stored event, field for field.
    package init(_ record: EventRecord) {
        self.init(id: record.id, event: record.event, at: record.at, postId: record.postId, deliveryId: record.deliveryId,
                  account: record.account, network: record.network, message: record.message, remoteUrl: record.remoteUrl,
                  caption: record.caption, bundle: record.bundle, media: record.media, confirm: record.confirm)
    }
}
