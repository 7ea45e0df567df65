/// A part's key as stored (``DeliveryStore/publishKey(deliveryID:part:)``).
package struct StoredPublishKey: Sendable, Equatable {
    package var key: String
    /// When it was stored, on the boot-time clock (``MonotonicStamp``'s stored form); nil for a key stored before the
    /// daemon kept readings.
    package var stamp: String?

    package init(key: String, stamp: String?) {
        self.key = key
        self.stamp = stamp
    }
}
