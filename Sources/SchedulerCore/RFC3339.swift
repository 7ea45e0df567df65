import Foundation

/// RFC 3339 timestamps as the control API and the CLI exchange them: UTC with `Z`, milliseconds
/// only when there are any; parsing accepts any offset and optional fractional seconds.
public enum RFC3339 {
    public static func format(_ date: Date) -> String {
        let millis = (date.timeIntervalSince1970 * 1000).rounded()
        let whole = Date(timeIntervalSince1970: (millis / 1000).rounded(.down))
        let base = whole.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false).timeSeparator(.colon))
        let fraction = Int(millis.truncatingRemainder(dividingBy: 1000))
        guard fraction != 0 else { return base + "Z" }
        return base + String(format: ".%03dZ", fraction)
    }

    /// Parses `2026-11-21T07:30:00Z`, `2026-11-21T07:30:00.123+01:00`, `2026-11-21 07:30Z`.
    public static func parse(_ text: String) -> Date? {
        let scalars = Array(text.utf8)
        guard scalars.count >= 17 else { return nil }
        var normalized = text
        if scalars.count > 10, scalars[10] == UInt8(ascii: " ") || scalars[10] == UInt8(ascii: "t") {
            normalized = String(text.prefix(10)) + "T" + String(text.dropFirst(11))
        }
        normalized = normalized.uppercased()
        guard normalized.hasSuffix("Z") || hasNumericOffset(normalized) else { return nil }
        // Seconds are optional in what people type (07:30Z); RFC 3339 requires them.
        if let t = normalized.firstIndex(of: "T") {
            let time = normalized[normalized.index(after: t)...]
            if time.count >= 5, time.dropFirst(5).first.map({ $0 == "Z" || $0 == "+" || $0 == "-" }) == true {
                let insertAt = normalized.index(t, offsetBy: 6)
                normalized.insert(contentsOf: ":00", at: insertAt)
            }
        }
        if let date = try? Date(normalized, strategy: .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: true).timeSeparator(.colon).timeZone(separator: .colon)) {
            return date
        }
        return try? Date(normalized, strategy: .iso8601)
    }

    private static func hasNumericOffset(_ text: String) -> Bool {
        guard text.count >= 6 else { return false }
        let tail = Array(text.suffix(6))
        return (tail[0] == "+" || tail[0] == "-") && tail[3] == ":" && tail[1].isNumber && tail[2].isNumber && tail[4].isNumber && tail[5].isNumber
    }
}
