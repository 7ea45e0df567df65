/// A part's key as stored (``DeliveryStore/publishKey(deliveryID:part:)``).
public struct StoredPublishKey: Sendable, Equatable {
    public var key: String
    /// When it was stored, on the boot-time clock (``MonotonicStamp``'s stored form); nil for a key stored before the
    /// daemon kept readings.
    public var stamp: String?

    public init(key: String, stamp: String?) {
        self.key = key
        self.stamp = stamp
    }
}
