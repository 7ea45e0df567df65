import Foundation

/// How a post repeats: the subset of RFC 5545's RRULE that people use for social posts (`FREQ=DAILY|WEEKLY|MONTHLY`,
/// `INTERVAL`, `BYDAY`, `BYMONTHDAY`, `COUNT`, `UNTIL`), also read from the forms people type ("weekly on mon,thu",
/// "every 2 weeks on mon", "monthly on 1,15", "daily"). Occurrences keep the first one's wall-clock time in its zone
/// across DST changes.
public struct Recurrence: Sendable, Equatable, Codable {
    public enum Frequency: String, Sendable, Codable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY"
    }

    public var frequency: Frequency
    public var interval: Int
    /// ISO weekdays (1 Monday … 7 Sunday), sorted; empty: the first occurrence's weekday (weekly) or any (monthly).
    public var byDay: [Int]
    /// Days of the month (1…31), sorted; empty: the first occurrence's day (monthly).
    public var byMonthDay: [Int]
    public var count: Int?
    /// The last day an occurrence may fall on, `yyyy-MM-dd` in the post's zone (inclusive).
    public var until: String?

    static let dayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    public init(frequency: Frequency, interval: Int = 1, byDay: [Int] = [], byMonthDay: [Int] = [], count: Int? = nil, until: String? = nil) {
        self.frequency = frequency; self.interval = interval; self.byDay = Array(Set(byDay)).sorted()
        self.byMonthDay = Array(Set(byMonthDay)).sorted(); self.count = count; self.until = until
    }

    /// Reads an RRULE (`FREQ=WEEKLY;BYDAY=MO,TH;COUNT=10`, with or without `RRULE:`) or a typed form; `until`
    /// (`2027-03-01`) is `--until`, which an RRULE's own UNTIL may not contradict.
    public init(parsing text: String, until: String? = nil) throws(ScheduleTimeError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var rule = trimmed.uppercased().hasPrefix("RRULE:") || trimmed.contains("=")
            ? try Self.rrule(trimmed) : try Self.typed(trimmed.lowercased())
        if let until {
            guard Self.isDate(until) else { throw ScheduleTimeError("--until '\(until)' is not a date such as 2027-03-01") }
            if let own = rule.until, own != until { throw ScheduleTimeError("the rule's UNTIL (\(own)) and --until (\(until)) differ; give one") }
            rule.until = until
        }
        if rule.count != nil, rule.until != nil { throw ScheduleTimeError("give COUNT or UNTIL, not both (RFC 5545)") }
        self = rule
    }

    private static func rrule(_ text: String) throws(ScheduleTimeError) -> Recurrence {
        var body = Substring(text)
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        var frequency: Frequency?
        var interval = 1
        var byDay: [Int] = []
        var byMonthDay: [Int] = []
        var count: Int?
        var until: String?
        for part in body.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).uppercased() }
            guard pair.count == 2 else { throw ScheduleTimeError("'\(part)' in the rule is not NAME=VALUE") }
            switch pair[0] {
            case "FREQ":
                guard let value = Frequency(rawValue: pair[1]) else {
                    throw ScheduleTimeError("FREQ=\(pair[1]) is not supported; use DAILY, WEEKLY or MONTHLY")
                }
                frequency = value
            case "INTERVAL":
                guard let value = Int(pair[1]), (1...366).contains(value) else { throw ScheduleTimeError("INTERVAL=\(pair[1]) is not a number from 1 to 366") }
                interval = value
            case "BYDAY":
                for code in pair[1].split(separator: ",") {
                    guard let day = dayCodes.firstIndex(of: String(code)) else {
                        throw ScheduleTimeError("BYDAY=\(pair[1]): '\(code)' is not a day (MO, TU, WE, TH, FR, SA, SU; positions such as 1MO are not supported)")
                    }
                    byDay.append(day + 1)
                }
            case "BYMONTHDAY":
                for value in pair[1].split(separator: ",") {
                    guard let day = Int(value), (1...31).contains(day) else { throw ScheduleTimeError("BYMONTHDAY=\(pair[1]): '\(value)' is not a day from 1 to 31") }
                    byMonthDay.append(day)
                }
            case "COUNT":
                guard let value = Int(pair[1]), (1...1_000).contains(value) else { throw ScheduleTimeError("COUNT=\(pair[1]) is not a number from 1 to 1000") }
                count = value
            case "UNTIL":
                let digits = pair[1].prefix(8)
                guard digits.count == 8, digits.allSatisfy(\.isNumber) else { throw ScheduleTimeError("UNTIL=\(pair[1]) is not a date such as 20270301") }
                until = "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.suffix(2))"
            case "WKST":
                guard pair[1] == "MO" else { throw ScheduleTimeError("WKST=\(pair[1]) is not supported; weeks start on Monday") }
            default:
                throw ScheduleTimeError("\(pair[0]) is not supported; use FREQ, INTERVAL, BYDAY, BYMONTHDAY, COUNT and UNTIL")
            }
        }
        guard let frequency else { throw ScheduleTimeError("the rule has no FREQ; start it with FREQ=DAILY, WEEKLY or MONTHLY") }
        if frequency == .daily, !byMonthDay.isEmpty { throw ScheduleTimeError("BYMONTHDAY goes with FREQ=MONTHLY") }
        if frequency == .weekly, !byMonthDay.isEmpty { throw ScheduleTimeError("BYMONTHDAY goes with FREQ=MONTHLY") }
        return Recurrence(frequency: frequency, interval: interval, byDay: byDay, byMonthDay: byMonthDay, count: count, until: until)
    }

    /// `daily`, `weekly`, `monthly`, `weekly on mon,thu`, `every 2 weeks on mon`, `every 3 days`, `monthly on 1,15`,
    /// `every weekday` (mon–fri).
    private static func typed(_ text: String) throws(ScheduleTimeError) -> Recurrence {
        var words = text.replacingOccurrences(of: ", ", with: ",").split(separator: " ").map(String.init)
        guard !words.isEmpty else { throw ScheduleTimeError("--repeat is empty; use daily, weekly, 'weekly on mon,thu' or an RRULE") }
        var interval = 1
        let frequency: Frequency
        if words.first == "every" {
            words.removeFirst()
            if words.first == "weekday" {
                words.removeFirst()
                guard words.isEmpty else { throw unknown(text) }
                return Recurrence(frequency: .weekly, byDay: Array(1...5))
            }
            if let number = words.first.flatMap(Int.init) {
                guard (1...366).contains(number) else { throw ScheduleTimeError("'every \(number)' is not from 1 to 366") }
                interval = number
                words.removeFirst()
            }
            switch words.first {
            case "day", "days": frequency = .daily
            case "week", "weeks": frequency = .weekly
            case "month", "months": frequency = .monthly
            default: throw unknown(text)
            }
        } else {
            switch words.first {
            case "daily": frequency = .daily
            case "weekly": frequency = .weekly
            case "monthly": frequency = .monthly
            default: throw unknown(text)
            }
        }
        words.removeFirst()
        guard !words.isEmpty else { return Recurrence(frequency: frequency, interval: interval) }
        guard words.first == "on", words.count == 2 else { throw unknown(text) }
        let list = words[1]
        switch frequency {
        case .daily: throw ScheduleTimeError("'\(text)': a daily post has no 'on'; use 'weekly on mon,thu' for some days")
        case .weekly:
            guard let days = WeeklySlots.days(list) else { throw ScheduleTimeError("'\(list)' is not days such as mon,thu or mon-fri") }
            return Recurrence(frequency: .weekly, interval: interval, byDay: days)
        case .monthly:
            var days: [Int] = []
            for value in list.split(separator: ",") {
                guard let day = Int(value), (1...31).contains(day) else { throw ScheduleTimeError("'\(list)' is not days of the month such as 1,15") }
                days.append(day)
            }
            return Recurrence(frequency: .monthly, interval: interval, byMonthDay: days)
        }
    }

    private static func unknown(_ text: String) -> ScheduleTimeError {
        ScheduleTimeError("--repeat '\(text)' is not understood; use daily, weekly, monthly, 'weekly on mon,thu', 'every 2 weeks on mon', "
                          + "'monthly on 1,15', or an RRULE such as FREQ=WEEKLY;BYDAY=MO,TH;COUNT=10")
    }

    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-")
        return parts.count == 3 && parts[0].count == 4 && parts[1].count == 2 && parts[2].count == 2 && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
    }

    /// The rule in RFC 5545's form, as stored and shown.
    public var rrule: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map { Self.dayCodes[$0 - 1] }.joined(separator: ",")) }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
        if let count { parts.append("COUNT=\(count)") }
        if let until { parts.append("UNTIL=" + until.replacingOccurrences(of: "-", with: "")) }
        return parts.joined(separator: ";")
    }
}
