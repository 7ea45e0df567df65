import ArgumentParser
import Foundation
import SchedctlOutput
import SchedulerCore

struct CalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Posts as a grid of days: a week (default) or a month, in a zone, fitting the terminal.",
        discussion: """
            Each post shows its state's mark, its time, its networks' short names (\(Network.shortNameKey())) and the start of its text: \
            ✓ published, ✗ failed (or missed, expired), ? unknown (may or may not be out), · scheduled, ~ planned (an \
            occurrence of a repeating post that is not a post yet: the daemon makes each four weeks before it is due), \
            d draft, - cancelled; the legend under the calendar says so too, and what the networks' short names mean. On a terminal the entries are coloured by \
            state as well (published green, failed red, scheduled cyan, draft dim; NO_COLOR turns colour off).
            Example: schedctl calendar --month --from 2026-12-01 --tz Europe/Kyiv
            """)

    @Flag(help: "A week from Monday (the default).")
    var week = false

    @Flag(help: "The weeks of a month.")
    var month = false

    @Option(help: "A day in the week or month to show, yyyy-MM-dd (default: today).")
    var from: String?

    @Option(help: "Only posts to this account.")
    var account: String?

    @Option(help: "IANA time zone to draw in (default: the daemon's).")
    var tz: String?

    @Option(help: "Columns to fit (default: the terminal's, else 80).")
    var width: Int?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if week && month { throw ValidationError("give --week or --month, not both") }
        if let from, CalendarRange.day(from) == nil { throw ValidationError("--from '\(from)' is not a date such as 2026-12-01") }
        if let tz, let problem = Suggestions.zoneProblem(tz) { throw ValidationError(problem) }
        if let width, width < 20 { throw ValidationError("--width must be at least 20") }
    }

    func run() async throws {
        let client = options.client()
        let clock = try await DisplayZone.daemonClock(client)
        let zone = TimeZone(identifier: tz ?? clock.zone) ?? TimeZone(identifier: "UTC")!
        let range = CalendarRange(around: from, month: month, zone: zone, now: clock.now)
        let perCell = month ? 4 : 12
        let days = try await CalendarRange.fetch(range, account: account, zone: zone, perDay: perCell, client: client)
        if options.json { return try Output.json(days) }
        let terminal = Terminal.current()
        print("\(range.title), \(zone.identifier)")
        print(CalendarGrid.render(days, width: width ?? terminal.columns, perCell: perCell, color: terminal.color), terminator: "")
        print(Wrap.hanging(CalendarGrid.networkLegend, width: width ?? terminal.columns, indent: 2, separator: ", "))
        print(CalendarGrid.legend)
    }
}

/// The days a calendar shows: whole weeks from Monday, in a zone.
struct CalendarRange {
    /// "week of 2026-11-23" or "2026-11 (weeks from 2026-10-26)".
    var title: String
    var firstDay: String
    var count: Int
    var start: Date
    var end: Date

    init(around day: String?, month: Bool, zone: TimeZone, now: Date, days: Int? = nil) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let anchor = day.flatMap(Self.day).flatMap { calendar.date(from: DateComponents(year: $0.0, month: $0.1, day: $0.2)) }
            ?? calendar.startOfDay(for: now)
        var first = anchor
        var last = anchor
        if let days {
            last = calendar.date(byAdding: .day, value: days - 1, to: anchor)!
        } else if month {
            first = calendar.date(from: calendar.dateComponents([.year, .month], from: anchor))!
            last = calendar.date(byAdding: DateComponents(month: 1, day: -1), to: first)!
        }
        if days == nil {
            // Whole weeks, Monday to Sunday.
            first = calendar.date(byAdding: .day, value: 1 - Weekday.of(first, in: calendar), to: first)!
            last = calendar.date(byAdding: .day, value: 7 - Weekday.of(last, in: calendar), to: last)!
        }
        count = calendar.dateComponents([.day], from: first, to: last).day! + 1
        firstDay = DayName.string(first, in: calendar)
        start = first
        end = calendar.date(byAdding: .day, value: 1, to: last)!
        let shown = calendar.dateComponents([.year, .month], from: anchor)
        title = month ? String(format: "%04d-%02d", shown.year!, shown.month!) + " (weeks from \(firstDay))" : "week of \(firstDay)"
    }

    static func day(_ text: String) -> (Int, Int, Int)? {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        return (y, m, d)
    }

    /// The range's days from the daemon, at most `perDay` posts each (the rest counted), with the planned occurrences.
    static func fetch(_ range: CalendarRange, account: String?, zone: TimeZone, perDay: Int, client: ControlClient) async throws -> [CalendarDay] {
        var path = "/v1/calendar/days?from=\(range.firstDay)&days=\(range.count)&zone=\(zone.identifier)&per_day=\(perDay)"
        if let account { path += "&account=\(PathSegment.encode(account))" }
        let (views, _) = try await client.get(path, as: [CalendarDayView].self)
        return CalendarGrid.days(views, zone: zone)
    }
}
