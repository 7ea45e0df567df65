import Foundation
import SchedulerCore

extension EventRecord {
    /// The JSON an event is stored as (the `payload` column), written field by field.
    ///
    /// Every publish stores an event inside the writer's transaction; through `JSONEncoder` that took about 10 µs
    /// an event in a burst, 3 % of the daemon's CPU. The stored form is read back only by `JSONDecoder`
    /// (``JSONCoding/decoder()``), which is what `StoredPayloadTests` check it against: the same keys, absent
    /// when nil, the time as ``RFC3339/format(_:)`` writes it. What hooks and `GET /v1/events` send is encoded
    /// again from the view a service makes of the decoded record, so this form is never seen outside the database.
    package var storedPayload: String {
        var json = JSONObjectWriter<EventKey>()
        json.field(.id, id)
        json.field(.event, event)
        json.field(.at, RFC3339.format(at))
        json.field(.postId, postId)
        json.field(.deliveryId, deliveryId)
        json.field(.account, account)
        json.field(.network, network)
        json.field(.message, message)
        json.field(.remoteUrl, remoteUrl)
        json.field(.caption, caption)
        json.field(.bundle, bundle)
        json.field(.media, media)
        json.field(.confirm, confirm)
        return json.finished()
    }
}
