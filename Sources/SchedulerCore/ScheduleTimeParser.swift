import Foundation

/// Turns what people type after `--at` into a ``ScheduleTime``.
///
/// Accepted forms:
/// - RFC 3339 with an offset: `2026-11-21T07:30:00+01:00`, `2026-11-21T06:30Z`;
/// - a wall-clock time read in the zone: `2026-11-21 07:30`, `2026-11-21T07:30:00`;
/// - `07:30` (or `7:30`: today's, or tomorrow's once today's has passed, saying so), `today 07:30`, `tomorrow 07:30`,
///   `sunday 18:00`, `sat 09:00` (the coming one: today's until its time has passed, saying so) and `next monday 7:30`
///   (never today), in the zone;
/// - `in 2h`, `in 90s`, `in 1h30m`, `in 5 minutes`, and `now`.
///
/// A wall-clock time that does not exist in the zone (clocks going forward) is refused; one that
/// happens twice (clocks going back) takes the first and says so. A time more than ``maximumYearsAhead`` years ahead is
/// refused: it is a mistyped year far more often than a plan.
public struct ScheduleTimeParser: Sendable {
    /// How far ahead a time may be.
    public static let maximumYearsAhead = 5

    public var zone: TimeZone
    public var now: Date
    /// The zone as the person named it, stored and shown as given: Foundation on Linux reports `UTC` as `GMT`.
    public var zoneName: String
    /// Whether the person named the zone (`--tz`, a row's `tz`). When they did not, a time typed with an offset other than
    /// the zone's (`2026-12-12T18:00:00+01:00` on a machine in UTC) keeps its offset as its zone, `UTC+01:00`: it is
    /// listed and exported as it was written, not turned into another zone's clock.
    public var zoneNamed = true

    public init(zone: TimeZone, now: Date = Date(), zoneName: String? = nil) {
        self.zone = zone
        self.now = now
        self.zoneName = zoneName ?? zone.identifier
    }

    /// Parses `input`, refusing times more than a second in the past or more than ``maximumYearsAhead`` years ahead.
    public func parse(_ input: String) throws(ScheduleTimeError) -> ScheduleTime {
        let trimmed = input.trimmingWhitespace
        guard !trimmed.isEmpty else { throw ScheduleTimeError("the time is empty; give e.g. 2026-11-21T07:30:00+01:00, 'tomorrow 07:30' or 'in 2h'") }
        var time = try resolve(trimmed)
        // A bare time of day means the next one, as an alarm clock reads it; `today 07:30` still means today. A weekday's
        // time that has passed today (`sunday 18:00` on a Sunday evening) means next week's, as GNU `date -d` reads it.
        if time.instant < now.addingTimeInterval(-1), WallClockFields.isTimeOfDay(trimmed) {
            time = try resolve("tomorrow " + trimmed)
            let day = time.wallClock.prefix(10)
            time.dayNote = "\(trimmed) has passed today in \(zoneName), so tomorrow's (\(day)) was taken"
        } else if time.instant < now.addingTimeInterval(-1), WallClockFields.isThisWeekday(trimmed) {
            time = try resolve("next " + trimmed)
            let day = time.wallClock.prefix(10)
            time.dayNote = "\(trimmed) has passed today in \(zoneName), so next week's (\(day)) was taken"
        }
        if time.instant < now.addingTimeInterval(-1) {
            throw ScheduleTimeError("'\(input)' is in the past (\(ZonedTime.format(time.instant, in: zone)), now is \(ZonedTime.format(now, in: zone)))")
        }
        // Any time within four years of now is within five calendar years: the calendar is asked only past that.
        if time.instant > now.addingTimeInterval(Double(Self.maximumYearsAhead - 1) * 366 * 86_400), case let latest = latestAccepted, time.instant > latest {
            throw ScheduleTimeError("'\(input)' is more than \(Self.maximumYearsAhead) years ahead (\(ZonedTime.format(time.instant, in: zone)), "
                                    + "the latest accepted is \(ZonedTime.format(latest, in: zone))); check the year")
        }
        return time
    }

    /// ``maximumYearsAhead`` calendar years from now.
    var latestAccepted: Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(byAdding: .year, value: Self.maximumYearsAhead, to: now) ?? now.addingTimeInterval(Double(Self.maximumYearsAhead) * 365.25 * 86_400)
    }

    private func resolve(_ text: String) throws(ScheduleTimeError) -> ScheduleTime {
        // First: the form nearly every time takes, and never a word or a duration.
        if let instant = RFC3339.parse(text) {
            if !zoneNamed, let offset = RFC3339.typedOffsetSeconds(text), offset != zone.secondsFromGMT(for: instant),
               let own = TimeZone(secondsFromGMT: offset) {
                return ScheduleTime(instant: instant, zoneIdentifier: Self.offsetZoneName(offset), wallClock: WallClockFields.format(instant, in: own))
            }
            return scheduleTime(at: instant)
        }
        let lower = text.lowercased()
        if lower == "now" { return scheduleTime(at: now) }
        if lower.hasPrefix("in ") {
            let spec = String(text.dropFirst(3))
            guard let seconds = DurationParser.seconds(spec), seconds > 0 else {
                throw ScheduleTimeError("'\(text)' is not a duration; write e.g. 'in 90s', 'in 15m', 'in 2h', 'in 1h30m'")
            }
            return scheduleTime(at: now.addingTimeInterval(TimeInterval(seconds)))
        }
        if let fields = WallClockFields(text, today: today()) {
            return try scheduleTime(wallClock: fields, input: text)
        }
        if let problem = WallClockFields.timeRangeProblem(text) { throw ScheduleTimeError("cannot read '\(text)' as a time: \(problem)") }
        throw ScheduleTimeError(
            "cannot read '\(text)' as a time; use RFC 3339 with an offset (2026-11-21T07:30:00+01:00), "
                + "a local time with --tz (2026-11-21 07:30), 'tomorrow 07:30', 'sunday 18:00', 'next mon 7:30', or 'in 2h'"
        )
    }

    /// Today's date in the zone, read off the wall-clock form (no calendar built for each time an import reads).
    private func today() -> DateComponents {
        let wall = Array(WallClockFields.format(now, in: zone).utf8)
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(wall[$1]) - 48 } }
        return DateComponents(year: number(0..<4), month: number(5..<7), day: number(8..<10))
    }

    /// `UTC+01:00`, `UTC-05:30`: a fixed offset as people read it, and a name `TimeZone(identifier:)` takes back.
    static func offsetZoneName(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        var text = seconds < 0 ? "UTC-" : "UTC+"
        RFC3339.append(minutes / 60, digits: 2, to: &text)
        text += ":"
        RFC3339.append(minutes % 60, digits: 2, to: &text)
        return text
    }

    private func scheduleTime(at instant: Date) -> ScheduleTime {
        ScheduleTime(instant: instant, zoneIdentifier: zoneName, wallClock: WallClockFields.format(instant, in: zone))
    }

    /// Finds every instant whose local time in `zone` is `fields`: none in a DST gap, two in an overlap.
    private func scheduleTime(wallClock fields: WallClockFields, input: String) throws(ScheduleTimeError) -> ScheduleTime {
        guard let candidates = fields.instants(in: zone) else {
            throw ScheduleTimeError("'\(input)' is not a valid calendar date or time")
        }
        guard let first = candidates.first else {
            throw ScheduleTimeError("\(fields.formatted) does not exist in \(zoneName) (the clocks go forward then); pick a time outside the skipped hour")
        }
        var time = ScheduleTime(instant: first, zoneIdentifier: zoneName, wallClock: fields.formatted)
        time.readInZone = true
        if candidates.count > 1 {
            time.ambiguityNote = "\(ZonedTime.wallClock(first, in: zone)) happens twice in \(zoneName); the first (\(ZonedTime.format(first, in: zone))) was taken"
        }
        return time
    }
}
