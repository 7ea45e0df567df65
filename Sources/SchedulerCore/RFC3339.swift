import Foundation

/// RFC 3339 timestamps as the control API and the CLI exchange them: UTC with `Z`, milliseconds
/// only when there are any; parsing accepts any offset and optional fractional seconds.
public enum RFC3339 {
    public static func format(_ date: Date) -> String {
        // Built from the calendar fields by hand: every event and every API answer formats dates, and a format style
        // costs microseconds each time.
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let seconds = time_t(millis >= 0 ? millis / 1000 : (millis - 999) / 1000)
        let fraction = Int(millis - Int64(seconds) * 1000)
        var text = dateTime(seconds)
        if fraction != 0 {
            text += "."
            append(fraction, digits: 3, to: &text)
        }
        return text + "Z"
    }

    /// `YYYY-MM-DDTHH:MM:SS`, the fields of `seconds` since 1970 read as UTC (`gmtime_r`): an instant's in UTC, or, its
    /// zone's offset added, its wall clock there.
    static func dateTime(_ seconds: time_t) -> String {
        var seconds = seconds
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
        return text
    }

    /// `value` in decimal, zero-padded to at least `digits`.
    static func append(_ value: Int, digits: Int, to text: inout String) {
        let decimal = String(value)
        if decimal.utf8.count < digits { text += String(repeating: "0", count: digits - decimal.utf8.count) }
        text += decimal
    }

    /// Parses `2026-11-21T07:30:00Z`, `2026-11-21T07:30:00.123+01:00`, `2026-11-21 07:30Z`.
    public static func parse(_ text: String) -> Date? {
        if let date = parseCommonForm(text) { return date }
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

    /// The offset `text` names (`+01:00` is 3600), if it is an RFC 3339 time with a numeric one; nil for `Z` or none.
    public static func typedOffsetSeconds(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard parse(trimmed) != nil, hasNumericOffset(trimmed) else { return nil }
        let tail = Array(trimmed.suffix(6))
        guard let hours = Int(String(tail[1...2])), let minutes = Int(String(tail[4...5])) else { return nil }
        return (tail[0] == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60)
    }

    private static func hasNumericOffset(_ text: String) -> Bool {
        guard text.count >= 6 else { return false }
        let tail = Array(text.suffix(6))
        return (tail[0] == "+" || tail[0] == "-") && tail[3] == ":" && tail[1].isNumber && tail[2].isNumber && tail[4].isNumber && tail[5].isNumber
    }

    /// The forms nearly every time arrives in, `2026-11-21T07:30:00Z`, `…+01:00`, or with a fraction of a second as
    /// the daemon writes its own clock (`…07:30:00.123Z`), a year from 1970, read by hand: an import reads 100,000 of
    /// them, every answer schedctl decodes holds some, and Foundation's ISO 8601 parser costs microseconds each (and
    /// its set-up a good part of a millisecond, the first time in a process). Anything else, or any field out of range,
    /// is nil and left to the general parser, which decides it as before.
    ///
    /// A fraction of n digits gives (seconds × 10ⁿ + fraction) / 10ⁿ, so a time written from whole milliseconds reads
    /// back as exactly the `Date` the store makes of those milliseconds.
    static func parseCommonForm(_ text: String) -> Date? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Date? in
            guard bytes.count >= 20, bytes.count <= 35 else { return nil }
            func number(_ at: Int, _ count: Int) -> Int? {
                var value = 0
                for index in at..<(at + count) {
                    let digit = Int(bytes[index]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            func byte(_ at: Int, is character: Character) -> Bool { bytes[at] == character.asciiValue! }
            guard byte(4, is: "-"), byte(7, is: "-"), byte(10, is: "T") || byte(10, is: "t") || byte(10, is: " "), byte(13, is: ":"), byte(16, is: ":"),
                  let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2), let minute = number(14, 2),
                  let second = number(17, 2), year >= 1970, (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
                  hour < 24, minute < 60, second < 60 else { return nil }
            var zoneAt = 19
            var fraction = 0
            var fractionDigits = 0
            if byte(19, is: ".") {
                zoneAt = 20
                while zoneAt < bytes.count, let digit = number(zoneAt, 1) {
                    fraction = fraction * 10 + digit
                    zoneAt += 1
                }
                fractionDigits = zoneAt - 20
                guard (1...9).contains(fractionDigits) else { return nil }
            }
            var offset = 0
            if bytes.count == zoneAt + 1 {
                guard byte(zoneAt, is: "Z") || byte(zoneAt, is: "z") else { return nil }
            } else {
                guard bytes.count == zoneAt + 6, byte(zoneAt, is: "+") || byte(zoneAt, is: "-"), byte(zoneAt + 3, is: ":"),
                      let hours = number(zoneAt + 1, 2), let minutes = number(zoneAt + 4, 2), hours < 24, minutes < 60 else { return nil }
                offset = (hours * 3_600 + minutes * 60) * (byte(zoneAt, is: "-") ? -1 : 1)
            }
            let seconds = CivilCalendar.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second - offset
            guard fractionDigits > 0 else { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
            var scale = 1
            for _ in 0..<fractionDigits { scale *= 10 }
            // Past 2262 with nine digits the product outgrows 64 bits: left to the general parser, never a trap.
            let (scaled, overflow) = seconds.multipliedReportingOverflow(by: scale)
            guard !overflow else { return nil }
            return Date(timeIntervalSince1970: TimeInterval(scaled + fraction) / TimeInterval(scale))
        } ?? nil
    }
}
