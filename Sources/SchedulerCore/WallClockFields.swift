import Foundation

/// A calendar date and time of day with no zone, as people type them.
struct WallClockFields: Equatable {
    var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int

    init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// A wall-clock reading as the stores keep it (`2026-11-21T07:30:00`), read by the same rules as typed times.
    init?(stored wallClock: String) {
        self.init(wallClock, today: DateComponents())
    }

    /// Reads `2026-11-21 07:30[:00]`, `2026-11-21T07:30[:00]`, `07:30`, `today 07:30`, `tomorrow 07:30`, and the weekday
    /// forms people type (issue 25, bug 7): `sunday 18:00` or `sat 09:00` (today when today is that day, else the coming
    /// one) and `next monday 7:30` (the coming one, never today), as GNU `date -d` reads them.
    init?(_ text: String, today: DateComponents) {
        let lower = text.lowercased()
        var rest = Substring(lower)
        let dayWord = Self.dayWord(&rest, today: today)
        let parts = rest.split(whereSeparator: { $0 == " " || $0 == "t" })
        let datePart: Substring?
        let timePart: Substring
        switch parts.count {
        case 1: datePart = nil; timePart = parts[0]
        case 2 where dayWord == nil: datePart = parts[0]; timePart = parts[1]
        default: return nil
        }
        let dayOffset = dayWord ?? 0
        guard let time = Self.time(timePart) else { return nil }
        (hour, minute, second) = time
        if let datePart {
            let fields = datePart.split(separator: "-")
            guard fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
                  let y = Int(fields[0]), let m = Int(fields[1]), let d = Int(fields[2]) else { return nil }
            (year, month, day) = (y, m, d)
        } else {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            guard let y = today.year, let m = today.month, let d = today.day,
                  let base = calendar.date(from: DateComponents(year: y, month: m, day: d)),
                  let shifted = calendar.date(byAdding: .day, value: dayOffset, to: base) else { return nil }
            let c = calendar.dateComponents([.year, .month, .day], from: shifted)
            (year, month, day) = (c.year!, c.month!, c.day!)
        }
    }

    /// Takes a leading `today`, `tomorrow`, `WEEKDAY` or `next WEEKDAY` (and the space after it) off `rest`, returning how
    /// many days after `today` it names; nil, with `rest` untouched, when there is none.
    private static func dayWord(_ rest: inout Substring, today: DateComponents) -> Int? {
        var words = rest.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        let next = words.first == "next"
        if next { words.removeFirst() }
        guard words.count >= 2, let word = words.first else { return nil }
        let offset: Int
        switch word {
        case "today" where !next: offset = 0
        case "tomorrow" where !next: offset = 1
        case "yesterday" where !next: offset = -1
        default:
            guard let weekday = Weekday.number(named: String(word)), let todays = Self.weekday(of: today) else { return nil }
            let ahead = (weekday - todays + 7) % 7
            offset = next && ahead == 0 ? 7 : ahead
        }
        rest = rest[word.endIndex...].drop { $0 == " " }
        return offset
    }

    /// The ISO weekday (1 Monday … 7 Sunday) of a calendar day.
    private static func weekday(of day: DateComponents) -> Int? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let y = day.year, let m = day.month, let d = day.day, let date = calendar.date(from: DateComponents(year: y, month: m, day: d)) else {
            return nil
        }
        return Weekday.of(date, in: calendar)
    }

    /// True for a weekday form without `next` (`sunday 18:00`): on that day, once its time has passed, it means a week on.
    static func isThisWeekday(_ text: String) -> Bool {
        guard let word = text.lowercased().split(separator: " ").first else { return false }
        return Weekday.number(named: String(word)) != nil
    }

    /// True for a bare time of day (`07:30`, `7:30`, `07:30:15`): no date, no `today` or `tomorrow`.
    static func isTimeOfDay(_ text: String) -> Bool {
        !text.contains(" ") && !text.lowercased().contains("t") && time(Substring(text)) != nil
    }

    /// What is wrong with a time of day that has the form but not the range (`25:00`, `07:75`), for a message that says
    /// so; nil when there is no such time in `text`.
    static func timeRangeProblem(_ text: String) -> String? {
        guard let last = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "t" }).last else { return nil }
        let fields = last.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3, (1...2).contains(fields[0].count), fields.dropFirst().allSatisfy({ $0.count == 2 }),
              let hour = Int(fields[0]), let minute = Int(fields[1]) else { return nil }
        if !(0...23).contains(hour) { return "there is no hour \(hour); hours run from 00 to 23 (midnight is 00:00 of the next day)" }
        if !(0...59).contains(minute) { return "there is no minute \(minute); minutes run from 00 to 59" }
        if fields.count == 3, let second = Int(fields[2]), !(0...59).contains(second) { return "there is no second \(second); seconds run from 00 to 59" }
        return nil
    }

    private static func time(_ text: Substring) -> (Int, Int, Int)? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        // The hour may have one digit (`7:30`); minutes and seconds always have two.
        guard fields.count == 2 || fields.count == 3, (1...2).contains(fields[0].count), fields.dropFirst().allSatisfy({ $0.count == 2 }),
              let h = Int(fields[0]), let m = Int(fields[1]) else { return nil }
        let s = fields.count == 3 ? Int(fields[2]) : 0
        guard let s, (0...23).contains(h), (0...59).contains(m), (0...59).contains(s) else { return nil }
        return (h, m, s)
    }

    /// The instant these fields would name in UTC, or nil for an impossible date (2026-02-30).
    /// Worked out with integers (``CivilCalendar/daysSince1970(year:month:day:)``), not a calendar: an import reads a local
    /// time for each of its rows, and building a calendar for each was a sixth of the import's time.
    func instantIfUTC() -> Date? {
        guard (1...9_999).contains(year), (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// Every instant whose local time in `zone` is these fields, earliest first: none in a DST gap, two in an
    /// overlap. Nil for an impossible date (2026-02-30).
    func instants(in zone: TimeZone) -> [Date]? {
        guard let asUTC = instantIfUTC() else { return nil }
        let probes = [-86_400.0, 0, 86_400.0].map { zone.secondsFromGMT(for: asUTC.addingTimeInterval($0)) }
        let wanted = formatted
        return Set(probes).map { asUTC.addingTimeInterval(-TimeInterval($0)) }
            .filter { Self.format($0, in: zone) == wanted }
            .sorted()
    }

    /// Where these fields fall in `zone` for something that repeats (a slot, a series): the first instant when they
    /// happen twice; when the clocks skip them, the first minute after that exists, with a note saying so.
    func placed(in zone: TimeZone) -> (time: ScheduleTime, note: String?)? {
        if let first = instants(in: zone)?.first {
            return (ScheduleTime(instant: first, zoneIdentifier: zone.identifier, wallClock: formatted), nil)
        }
        let start = hour * 60 + minute
        for minute in (start + 1)..<(24 * 60) {
            let later = WallClockFields(year: year, month: month, day: day, hour: minute / 60, minute: minute % 60, second: second)
            guard let first = later.instants(in: zone)?.first else { continue }
            let note = "\(formatted.prefix(16).replacingOccurrences(of: "T", with: " ")) does not exist in \(zone.identifier) "
                + "(the clocks go forward); \(String(format: "%02d:%02d", minute / 60, minute % 60)) was taken"
            return (ScheduleTime(instant: first, zoneIdentifier: zone.identifier, wallClock: later.formatted), note)
        }
        return nil
    }

    var formatted: String {
        var text = ""
        text.reserveCapacity(19)
        RFC3339.append(year, digits: 4, to: &text)
        for (separator, value) in [("-", month), ("-", day), ("T", hour), (":", minute), (":", second)] {
            text += separator
            RFC3339.append(value, digits: 2, to: &text)
        }
        return text
    }

    /// The wall-clock time of `instant` in `zone`, in the same form as ``formatted``.
    ///
    /// The zone's offset at the instant, then the fields of UTC shifted by it (`gmtime_r`): what the calendar works out,
    /// without building one for every post an import reads.
    static func format(_ instant: Date, in zone: TimeZone) -> String {
        RFC3339.dateTime(time_t(instant.timeIntervalSince1970.rounded(.down)) + time_t(zone.secondsFromGMT(for: instant)))
    }
}
