import Foundation

/// One occurrence of a series: its number (from 1) and when it is due.
public struct RecurrenceOccurrence: Sendable, Equatable {
    public var index: Int
    public var time: ScheduleTime
    /// Set when the clocks skipped the series' time that day and the first minute after it was taken.
    public var note: String?

    public init(index: Int, time: ScheduleTime, note: String? = nil) {
        self.index = index; self.time = time; self.note = note
    }
}

extension Recurrence {
    /// The occurrences numbered `from…` (1 is the first), at most `limit` of them and none after `through`, in order.
    /// They are the rule's dates on or after the first time's date, each at the first time's wall-clock time in its zone.
    public func occurrences(first: ScheduleTime, from index: Int = 1, limit: Int, through: Date? = nil) -> [RecurrenceOccurrence] {
        guard let zone = TimeZone(identifier: first.zoneIdentifier), let start = WallClockFields(stored: first.wallClock), limit > 0 else { return [] }
        var found: [RecurrenceOccurrence] = []
        var number = 0
        for date in dates(from: start) {
            number += 1
            if let count, number > count { break }
            if let until, date.formatted.prefix(10) > until { break }
            guard number >= index else { continue }
            guard let placed = date.placed(in: zone) else { continue }
            if let through, placed.time.instant > through { break }
            found.append(RecurrenceOccurrence(index: number, time: placed.time, note: placed.note))
            if found.count == limit { break }
        }
        return found
    }

    /// The rule's dates on or after `start`'s date, with `start`'s time of day; ends after about 100 years.
    private func dates(from start: WallClockFields) -> some Sequence<WallClockFields> {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let startDay = calendar.date(from: DateComponents(year: start.year, month: start.month, day: start.day))!
        let startWeekday = Weekday.of(startDay, in: calendar)
        var period = 0
        var pending: [Date] = []
        return AnySequence {
            AnyIterator { () -> WallClockFields? in
                while pending.isEmpty {
                    guard period < 100 * 366 else { return nil }
                    pending = days(inPeriod: period, startDay: startDay, startWeekday: startWeekday, calendar: calendar).filter { $0 >= startDay }
                    period += 1
                }
                let day = calendar.dateComponents([.year, .month, .day], from: pending.removeFirst())
                return WallClockFields(year: day.year!, month: day.month!, day: day.day!, hour: start.hour, minute: start.minute, second: start.second)
            }
        }
    }

    /// The days of period `period` (a day, a week from Monday, or a month, `interval` of them apart), in order.
    private func days(inPeriod period: Int, startDay: Date, startWeekday: Int, calendar: Calendar) -> [Date] {
        switch frequency {
        case .daily:
            let day = calendar.date(byAdding: .day, value: period * interval, to: startDay)!
            return byDay.isEmpty || byDay.contains(Weekday.of(day, in: calendar)) ? [day] : []
        case .weekly:
            let monday = calendar.date(byAdding: .day, value: 1 - startWeekday + 7 * period * interval, to: startDay)!
            return (byDay.isEmpty ? [startWeekday] : byDay).map { calendar.date(byAdding: .day, value: $0 - 1, to: monday)! }
        case .monthly:
            let first = calendar.date(from: calendar.dateComponents([.year, .month], from: startDay))!
            let month = calendar.date(byAdding: .month, value: period * interval, to: first)!
            let length = calendar.range(of: .day, in: .month, for: month)!.count
            let startDate = calendar.component(.day, from: startDay)
            let all = (1...length).map { calendar.date(byAdding: .day, value: $0 - 1, to: month)! }
            if !byMonthDay.isEmpty { return byMonthDay.filter { $0 <= length }.map { all[$0 - 1] } }
            if !byDay.isEmpty { return all.filter { byDay.contains(Weekday.of($0, in: calendar)) } }
            // The first occurrence's day; a month without it (the 31st in April) has none, as RFC 5545 says.
            return startDate <= length ? [all[startDate - 1]] : []
        }
    }

}

extension ScheduleTime {
    /// The time a stored wall-clock reading (`yyyy-MM-ddTHH:mm:ss`) names in `zone`, placed as slots and series
    /// place theirs; nil when either cannot be read.
    public init?(placing wallClock: String, in zone: String) {
        guard let fields = WallClockFields(stored: wallClock), let timeZone = TimeZone(identifier: zone),
              let placed = fields.placed(in: timeZone) else { return nil }
        self = placed.time
    }
}
