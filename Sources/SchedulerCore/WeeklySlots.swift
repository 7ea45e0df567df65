import Foundation

/// An account's posting slots: times of the week, read as wall-clock times in one zone, as people plan a queue
/// ("mon-fri 07:30,12:15 sat 09:00" in Europe/Kyiv). A slot stays at its wall-clock time across DST changes; on
/// the day the clocks skip it, it moves to the first minute that exists, and says so.
public struct WeeklySlots: Sendable, Equatable, Codable {
    /// One time of the week: ISO weekday (1 Monday … 7 Sunday) and minute of the day.
    public struct Slot: Sendable, Hashable, Comparable, Codable {
        public var weekday: Int
        public var minute: Int

        public init(weekday: Int, minute: Int) {
            self.weekday = weekday
            self.minute = minute
        }

        public static func < (a: Slot, b: Slot) -> Bool { (a.weekday, a.minute) < (b.weekday, b.minute) }
    }

    public var zone: String
    /// Sorted, without repeats.
    public var slots: [Slot]

    public init(zone: String, slots: [Slot]) {
        self.zone = zone
        self.slots = Array(Set(slots)).sorted()
    }

    /// Reads day groups each followed by their times: `mon-fri 07:30,12:15 sat 09:00`, `mon,wed,fri 18:00`,
    /// `daily 08:00`, `weekdays 07:30 12:15`, `weekends 09:00`.
    public init(parsing words: [String], zone: String) throws(ScheduleTimeError) {
        if let problem = Suggestions.zoneProblem(zone) { throw ScheduleTimeError(problem) }
        var slots: [Slot] = []
        var days: [Int]?
        var timesForDays = 0
        for token in words.flatMap({ $0.lowercased().split(separator: " ").map(String.init) }) {
            if let parsed = Self.days(token) {
                if let days, timesForDays == 0 { throw Self.noTimes(days) }
                days = parsed
                timesForDays = 0
                continue
            }
            let minutes = try Self.minutes(token)
            guard let days else { throw ScheduleTimeError("'\(token)' comes before any day; say which days first, as in 'mon-fri 07:30'") }
            for day in days { for minute in minutes { slots.append(Slot(weekday: day, minute: minute)) } }
            timesForDays += minutes.count
        }
        if let days, timesForDays == 0 { throw Self.noTimes(days) }
        guard !slots.isEmpty else { throw ScheduleTimeError("no slots given; say days and times, as in 'mon-fri 07:30,12:15 sat 09:00'") }
        self.init(zone: zone, slots: slots)
    }

    private static func noTimes(_ days: [Int]) -> ScheduleTimeError {
        ScheduleTimeError("\(days.map(dayName).joined(separator: ",")) has no time; give one or more, as in 'mon-fri 07:30,12:15'")
    }

    /// `mon`, `monday`, `mon-fri`, `mon,wed,fri`, `daily`, `weekdays`, `weekends`; nil when it is not days at all.
    static func days(_ token: String) -> [Int]? {
        switch token {
        case "daily", "everyday": return Array(1...7)
        case "weekdays": return Array(1...5)
        case "weekends": return [6, 7]
        default: break
        }
        var days: [Int] = []
        for part in token.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false).map { day(String($0)) }
            switch ends.count {
            case 1: guard let day = ends[0] else { return nil }; days.append(day)
            case 2:
                guard let first = ends[0], let last = ends[1] else { return nil }
                // A range may wrap the week: sat-mon is Saturday, Sunday, Monday.
                var day = first
                while true {
                    days.append(day)
                    if day == last { break }
                    day = day % 7 + 1
                }
            default: return nil
            }
        }
        return days
    }

    private static func day(_ name: String) -> Int? { Weekday.number(named: name) }

    /// "mon" for 1, as slots are typed and summarized.
    static func dayName(_ weekday: Int) -> String { Weekday.short(weekday).lowercased() }

    /// `07:30` or `07:30,12:15` (a trailing comma is allowed, as in `07:30, 12:15` split by the shell).
    private static func minutes(_ token: String) throws(ScheduleTimeError) -> [Int] {
        var minutes: [Int] = []
        for part in token.split(separator: ",") {
            let fields = part.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count == 2, (1...2).contains(fields[0].count), fields[1].count == 2,
                  let hour = Int(fields[0]), let minute = Int(fields[1]), (0...23).contains(hour), (0...59).contains(minute) else {
                throw ScheduleTimeError("'\(token)' is neither days (mon, mon-fri, mon,wed, daily, weekdays, weekends) nor times (07:30 or 07:30,12:15)")
            }
            minutes.append(hour * 60 + minute)
        }
        guard !minutes.isEmpty else { throw ScheduleTimeError("'\(token)' has no time in it") }
        return minutes
    }

    /// The compact form the parser reads back: consecutive days with the same times share a range.
    public var summary: String {
        var groups: [(first: Int, last: Int, minutes: [Int])] = []
        for day in 1...7 {
            let minutes = slots.filter { $0.weekday == day }.map(\.minute)
            guard !minutes.isEmpty else { continue }
            if let last = groups.last, last.last == day - 1, last.minutes == minutes {
                groups[groups.count - 1].last = day
            } else {
                groups.append((day, day, minutes))
            }
        }
        return groups.map { group in
            let days = group.first == group.last ? Self.dayName(group.first)
                : Self.dayName(group.first) + (group.last == group.first + 1 ? "," : "-") + Self.dayName(group.last)
            return days + " " + group.minutes.map { String(format: "%02d:%02d", $0 / 60, $0 % 60) }.joined(separator: ",")
        }.joined(separator: " ")
    }
}

/// One slot on one day: the instant, its wall-clock reading, and a note when the clocks moved it.
public struct SlotOccurrence: Sendable, Equatable {
    public var time: ScheduleTime
    /// Set when the slot's time did not exist that day (clocks going forward) and the first minute after it was taken.
    public var note: String?

    public var instant: Date { time.instant }
}

extension WeeklySlots {
    /// Every occurrence with `from <= instant <= through`, earliest first. A slot in a skipped hour moves to the
    /// first minute after it that exists; one in a repeated hour takes the first of the two.
    public func occurrences(from: Date, through: Date) -> [SlotOccurrence] {
        guard let timeZone = TimeZone(identifier: zone), from <= through else { return [] }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var day = calendar.startOfDay(for: from.addingTimeInterval(-86_400))
        var found: [Date: SlotOccurrence] = [:]
        while day <= through.addingTimeInterval(86_400) {
            let date = calendar.dateComponents([.year, .month, .day], from: day)
            let weekday = Weekday.of(day, in: calendar)
            for slot in slots where slot.weekday == weekday {
                guard let occurrence = occurrence(of: slot, year: date.year!, month: date.month!, day: date.day!, in: timeZone),
                      occurrence.instant >= from, occurrence.instant <= through, found[occurrence.instant] == nil else { continue }
                found[occurrence.instant] = occurrence
            }
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        }
        return found.values.sorted { $0.instant < $1.instant }
    }

    /// Whether `instant` is one of these slots (as ``occurrences(from:through:)`` places them).
    public func contains(_ instant: Date) -> Bool {
        occurrences(from: instant, through: instant).contains { $0.instant == instant }
    }

    private func occurrence(of slot: Slot, year: Int, month: Int, day: Int, in zone: TimeZone) -> SlotOccurrence? {
        let wanted = WallClockFields(year: year, month: month, day: day, hour: slot.minute / 60, minute: slot.minute % 60)
        return wanted.placed(in: zone).map { SlotOccurrence(time: $0.time, note: $0.note) }
    }
}
