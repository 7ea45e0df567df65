import Foundation
import SchedulerCore

/// The times networks put on listed posts, read leniently: RFC 3339 (X), Graph's `+0000` offset
/// (Facebook, Instagram) and epoch milliseconds (LinkedIn).
enum ListingTime {
    static func rfc3339(_ value: JSONValue?) -> Date? {
        guard let text = value?.stringValue else { return nil }
        return RFC3339.parse(graphOffset(text))
    }

    static func epochMilliseconds(_ value: JSONValue?) -> Date? {
        guard let millis = value.flatMap(GraphErrorMapping.int) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(millis) / 1000)
    }

    /// `+0000` → `+00:00`, which RFC 3339 requires.
    private static func graphOffset(_ text: String) -> String {
        guard text.count > 5 else { return text }
        let tail = text.suffix(5)
        guard let sign = tail.first, sign == "+" || sign == "-", tail.dropFirst().allSatisfy(\.isNumber) else { return text }
        return String(text.dropLast(5)) + String(tail.prefix(3)) + ":" + String(tail.suffix(2))
    }
}
