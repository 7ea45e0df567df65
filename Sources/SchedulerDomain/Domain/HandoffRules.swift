import SchedulerCore

/// Which deliveries a person may confirm as published by hand (only one handed off and waiting for them), and what
/// the confirmed delivery records as its remote id.
package enum HandoffRules {
    package static func noHandoff(_ deliveryID: Int64) -> StoreError {
        StoreError(.notFound, "no handoff \(deliveryID)", hint: RefusalHint(.listHandoffs))
    }

    /// Refuses a delivery in `state` that is not waiting for a handoff confirmation.
    package static func checkWaiting(deliveryID: Int64, state: String) throws(StoreError) {
        guard state == DeliveryState.handedOff.rawValue else {
            throw StoreError(.conflict, "delivery \(deliveryID) is \(state), not waiting for a handoff confirmation")
        }
    }

    /// The remote id a confirmed handoff records: the shortcode of the Instagram permalink the person gave
    /// (`https://www.instagram.com/p/SHORTCODE/`), or `handoff-ID` without one.
    package static func remoteID(url: String?, deliveryID: Int64) -> String {
        url.flatMap(instagramShortcode) ?? "handoff-\(deliveryID)"
    }

    package static func instagramShortcode(_ url: String) -> String? {
        let parts = url.split(separator: "/")
        guard let index = parts.firstIndex(where: { $0 == "p" || $0 == "reel" }), index + 1 < parts.count else { return nil }
        return String(parts[index + 1])
    }
}
