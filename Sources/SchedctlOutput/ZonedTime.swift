import Foundation

/// Instants as a person reads them: the wall-clock time in a zone, with that zone's offset at that instant, so that
/// `07:30 +02:00` needs no converting and stays exact across a DST change.
public enum ZonedTime {
    /// `2026-11-21 07:30 +02:00` (`+00:00` for UTC); UTC when `zone` is nil.
    public static func format(_ instant: Date, in zone: TimeZone?) -> String {
        let zone = zone ?? TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        let offset = zone.secondsFromGMT(for: instant)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return String(format: "%04d-%02d-%02d %02d:%02d %@%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, sign, minutes / 60, minutes % 60)
    }
}

/// Counts with their noun in the right number: "1 delivery", "2 deliveries", "0 posts".
public enum Counted {
    public static func of(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// `1,234`: thousands grouped with commas whatever the locale, as the rest of the output writes numbers.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (number < 0 ? "-" : "") + groups.joined(separator: ",")
    }
}
