import Foundation

/// RFC 3339 timestamps as the control API and the CLI exchange them: UTC with `Z`, milliseconds
/// only when there are any; parsing accepts any offset and optional fractional seconds.
public enum RFC3339 {
    public static func format(_ date: Date) -> String {
        // Built from the calendar fields by hand: every event and every API answer formats dates, and a format style
        // costs microseconds each time.
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(millis >= 0 ? millis / 1000 : (millis - 999) / 1000)
        let fraction = Int(millis - Int64(seconds) * 1000)
        var fields = tm()
        gmtime_r(&seconds, &fields)
        var text = ""
        text.reserveCapacity(24)
        append(Int(fields.tm_year) + 1900, digits: 4, to: &text)
        text += "-"
        append(Int(fields.tm_mon) + 1, digits: 2, to: &text)
        text += "-"
        append(Int(fields.tm_mday), digits: 2, to: &text)
        text += "T"
        append(Int(fields.tm_hour), digits: 2, to: &text)
        text += ":"
        append(Int(fields.tm_min), digits: 2, to: &text)
        text += ":"
        append(Int(fields.tm_sec), digits: 2, to: &text)
        if fraction != 0 {
            text += "."
            append(fraction, digits: 3, to: &text)
        }
        return text + "Z"
    }

    /// `value` in decimal, zero-padded to at least `digits`.
    private static func append(_ value: Int, digits: Int, to text: inout String) {
        let decimal = String(value)
        if decimal.utf8.count < digits { text += String(repeating: "0", count: digits - decimal.utf8.count) }
        text += decimal
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
