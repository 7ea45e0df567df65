import Foundation
import Testing
@testable import SchedctlOutput
@testable import SchedulerCore

/// The calendar grid, drawn as text: a week with 30 posts across four networks, at 80 and 120 columns, compared
/// with golden files (set `UPDATE_GOLDEN=1` to write them again after a deliberate change, and read the diff).
@Suite struct CalendarGridTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let kyiv = TimeZone(identifier: "Europe/Kyiv")!

    /// 30 posts in the week of Monday 2027-03-01, Kyiv time, over X, Facebook, LinkedIn and Instagram, in every state.
    static func week() -> [CalendarDay] {
        let networks: [[Network]] = [[.x], [.facebook], [.linkedin], [.instagram], [.x, .facebook], [.x, .linkedin, .instagram]]
        let states: [DeliveryState] = [.scheduled, .published, .scheduled, .failed, .scheduled]
        let texts = ["Monday run, 8 km easy by the river", "Intervals: 6 x 800 m at the track", "Club news: new kit is in!",
                     "Long run Sunday, meet 07:00 at the bridge", "Recovery jog and coffee", "Race report: 10 km PB"]
        var posts: [PostView] = []
        for index in 0..<30 {
            let day = index % 7
            let minutes = 7 * 60 + (index * 97) % (12 * 60)
            let due = RFC3339.parse("2027-03-01T00:00:00+02:00")!.addingTimeInterval(TimeInterval(day * 86_400 + minutes * 60))
            let deliveries = networks[index % networks.count].enumerated().map { offset, network in
                DeliveryView(id: Int64(index * 10 + offset), accountId: 1, account: "\(network.rawValue):@club", network: network,
                             state: states[index % states.count], text: nil, remoteId: nil, remoteUrl: nil, publishedAt: nil, nextAttemptAt: nil,
                             attempts: 0, error: nil)
            }
            posts.append(PostView(id: Int64(index + 1), text: texts[index % texts.count], dueAt: due, dueZone: "Europe/Kyiv", dueLocal: "",
                                  latenessLimitSeconds: 900, source: "typed", createdAt: due, updatedAt: due, deliveries: deliveries))
        }
        // As the daemon gives them: day by day in Kyiv, each day's posts by time.
        let views = (0..<7).map { day in
            let date = String(format: "2027-03-%02d", day + 1)
            let those = posts.filter { ZonedDay.of($0.dueAt!, in: kyiv) == date }.sorted { ($0.dueAt!, $0.id) < ($1.dueAt!, $1.id) }
            return CalendarDayView(date: date, posts: those, count: those.count, countIsAtLeast: false, planned: [])
        }
        return CalendarGrid.days(views, zone: kyiv)
    }

    /// Issue 25, bug 19: a day holding thousands of posts is sent with its first few and a count; the cell says how many
    /// more, with `+` when the daemon stopped counting, and a planned occurrence counts as one of the day's.
    @Test func aDayWithMorePostsThanFetched_saysHowManyMore() {
        let week = Self.week()
        var views = (0..<7).map { CalendarDayView(date: String(format: "2027-03-%02d", $0 + 1), posts: [], count: 0, countIsAtLeast: false, planned: []) }
        let monday = Self.week()[0]
        views[0].count = 1_000
        views[0].countIsAtLeast = true
        let busy = CalendarGrid.days(views, zone: Self.kyiv)
        #expect(busy[0].count == 1_000 && busy[0].countIsAtLeast == true && monday.count == nil && week.count == 7)
        #expect(CalendarGrid.render(busy, width: 120).contains("+1000+ more"))
        #expect(CalendarGrid.list(busy, width: 60, color: false).contains("+1000+ more"))
    }

    @Test(arguments: [80, 120])
    func aWeekOfThirtyPosts_matchesItsGoldenFile(_ width: Int) throws {
        let drawn = CalendarGrid.render(Self.week(), width: width)
        let file = Self.golden.appendingPathComponent("calendar-week-\(width).txt")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" { try drawn.write(to: file, atomically: true, encoding: .utf8) }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(drawn == expected, "\n\(drawn)")
        #expect(drawn.split(separator: "\n").allSatisfy { $0.count <= width }, "every line fits in \(width) columns")
    }

    @Test func days_placeEachPostOnItsLocalDay_byTime_withItsNetworksAndState() {
        let days = Self.week()
        #expect(days.map(\.weekday) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        #expect(days.reduce(0) { $0 + $1.entries.count } == 30)
        #expect(days.allSatisfy { day in day.entries.map(\.time) == day.entries.map(\.time).sorted() })
        let first = days[0].entries[0]
        #expect(first.time == "07:00" && first.networks == ["X"] && first.state == "scheduled")
        #expect(days.flatMap(\.entries).contains { $0.networks == ["X", "LI", "IG"] })
    }

    @Test func colours_wrapEachEntryByState_andATooNarrowTerminalGetsAList() {
        let coloured = CalendarGrid.render(Self.week(), width: 120, color: true)
        #expect(coloured.contains("\u{1B}[32m") && coloured.contains("\u{1B}[31m") && coloured.contains("\u{1B}[36m"))
        let narrow = CalendarGrid.render(Self.week(), width: 60)
        #expect(narrow.hasPrefix("Mon 2027-03-01\n  · 07:00 X Monday run"), "\(narrow.prefix(80))")
    }

    /// Issue 25: the state was told by colour alone, so a pipe (or NO_COLOR) could not tell published from failed.
    @Test(arguments: [40, 80, 120])
    func withoutColour_eachEntrysMarkTellsItsState(_ width: Int) {
        let days = Self.week()
        let drawn = CalendarGrid.render(days, width: width)
        #expect(!drawn.contains("\u{1B}"))
        for entry in days.flatMap(\.entries) {
            let mark = CalendarGrid.mark(entry.state)
            #expect(drawn.contains("\(mark) \(entry.time) \(entry.networks.joined(separator: ",").prefix(1))"), "\(entry.state) \(entry.time):\n\(drawn)")
        }
        #expect(Set(days.flatMap(\.entries).map(\.state)) == ["scheduled", "published", "failed"])
        #expect(drawn.contains("✓ ") && drawn.contains("✗ ") && drawn.contains("· "))
        #expect(CalendarGrid.legend == "✓ published  ✗ failed  ? unknown  · scheduled  ~ planned  d draft  - cancelled")
    }

    @Test func aPostsState_isItsDeliveriesTakenTogether() {
        func post(_ states: [DeliveryState]) -> PostView {
            PostView(id: 1, text: "t", dueAt: nil, dueZone: "UTC", dueLocal: "", latenessLimitSeconds: 900, source: "typed", createdAt: .distantPast,
                     updatedAt: .distantPast, deliveries: states.enumerated().map { index, state in
                         DeliveryView(id: Int64(index), accountId: 1, account: "x:@a", network: .x, state: state, text: nil, remoteId: nil, remoteUrl: nil,
                                      publishedAt: nil, nextAttemptAt: nil, attempts: 0, error: nil)
                     })
        }
        #expect(CalendarGrid.state(of: post([.published, .cancelled])) == "published", "an account removed after the post went out")
        #expect(CalendarGrid.state(of: post([.published, .unknown])) == "unknown")
        #expect(CalendarGrid.state(of: post([.unknown, .missed])) == "failed")
        #expect(CalendarGrid.state(of: post([.cancelled, .cancelled])) == "cancelled")
        #expect(CalendarGrid.state(of: post([.draft])) == "draft")
        #expect(CalendarGrid.state(of: post([.scheduled, .published])) == "scheduled")
    }
}

/// The day (`yyyy-MM-dd`) an instant falls on in a zone.
enum ZonedDay {
    static func of(_ instant: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day], from: instant)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }
}
