import Foundation
import SchedulerCore
import Testing

/// `schedctl calendar` and the next days in `status` against a running daemon.
@Suite struct CalendarEndToEndTests {
    @Test(.timeLimit(.minutes(2)))
    func theCalendar_showsEachPostOnItsDay_asTextAndJSON() async throws {
        let daemon = try DaemonUnderTest("calendar")
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "calendar_club")
        for (day, time) in [("2031-03-03", "07:30"), ("2031-03-03", "18:00"), ("2031-03-06", "12:15")] {
            _ = try daemon.schedule("Club post on \(day) \(time)", to: club.reference, at: "\(day) \(time)", extra: ["--tz", "Europe/Kyiv"])
        }
        let week = try daemon.schedctl(["calendar", "--from", "2031-03-05", "--tz", "Europe/Kyiv", "--width", "120"])
        #expect(week.status == 0, "\(week.stderr)")
        let lines = week.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "week of 2031-03-03, Europe/Kyiv")
        #expect(lines.contains { $0.hasPrefix("|Mon 03-03") && $0.contains("|Sun 03-09") })
        #expect(lines.contains { $0.hasPrefix("|· 07:30 X ") && $0.contains("|· 12:15 X ") }, "\(week.stdout)")
        #expect(lines.allSatisfy { $0.count <= 120 })
        #expect(!week.stdout.contains("\u{1B}["), "no colour when piped")

        let json = try daemon.schedctl(["calendar", "--from", "2031-03-05", "--tz", "UTC", "--json"]).decode([CalendarDay].self)
        #expect(json.map(\.date) == ["2031-03-03", "2031-03-04", "2031-03-05", "2031-03-06", "2031-03-07", "2031-03-08", "2031-03-09"])
        #expect(json[0].entries.map(\.time) == ["05:30", "16:00"], "drawn in UTC")
        #expect(json[3].entries.first?.networks == ["X"] && json[3].entries.first?.state == "scheduled")
        let month = try daemon.schedctl(["calendar", "--month", "--from", "2031-03-15", "--tz", "Europe/Kyiv", "--width", "40"])
        #expect(month.stdout.contains("2031-03 (weeks from 2031-02-24)") && month.stdout.contains("Thu 2031-03-06\n  · 12:15 X Club post"),
                "\(month.stdout)")
        let bad = try daemon.schedctl(["calendar", "--week", "--month"])
        #expect(bad.status == 2)

        _ = try daemon.schedule("Soon", to: club.reference, at: "in 2h")
        let status = try daemon.schedctl(["status"])
        #expect(status.stdout.contains("next days:"), "\(status.stdout)")
        _ = try await daemon.stop()
    }

    /// Issue 25: the calendar told states apart by colour alone, which a pipe does not get; each entry now starts with
    /// its state's mark, and the legend under the calendar says what the marks mean.
    @Test(.timeLimit(.minutes(2)))
    func aPipedCalendar_tellsPublishedFromScheduled_byItsMarks() async throws {
        let daemon = try DaemonUnderTest("calendar-marks")
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "marks_club")
        let published = try daemon.schedule("Out already", to: club.reference, at: "in 1s")
        try await eventually("the first post to be published") { try daemon.posts(state: "published").count == 1 }
        let waiting = try daemon.schedule("Still to come", to: club.reference, at: "in 2h")
        let drawn = try daemon.schedctl(["calendar", "--tz", "UTC", "--width", "250"])
        #expect(drawn.status == 0 && !drawn.stdout.contains("\u{1B}["), "\(drawn.stderr)")
        func time(_ post: PostView) -> String { String(RFC3339.format(post.dueAt!).dropFirst(11).prefix(5)) }
        #expect(drawn.stdout.contains("✓ \(time(published)) X Out already"), "\(drawn.stdout)")
        #expect(drawn.stdout.hasSuffix("✓ published  ✗ failed  ? unknown  · scheduled  ~ planned  d draft  - cancelled\n"), "the legend: \(drawn.stdout)")
        let json = try daemon.schedctl(["calendar", "--tz", "UTC", "--json"]).decode([CalendarDay].self)
        #expect(json.flatMap(\.entries).first { $0.postId == published.id }?.state == "published")
        // In two hours may be next week (late on a Sunday): marked when this week shows it.
        if json.flatMap(\.entries).contains(where: { $0.postId == waiting.id }) {
            #expect(drawn.stdout.contains("· \(time(waiting)) X Still to come"), "\(drawn.stdout)")
        }
        let status = try daemon.schedctl(["status"])
        #expect(status.stdout.contains("next days:"), "\(status.stdout)")
        _ = try await daemon.stop()
    }

    /// Without `--tz` the calendar is drawn in the daemon's zone, whatever zone this machine (schedctl's `TZ`) is in.
    @Test(.timeLimit(.minutes(2)))
    func withoutTz_theCalendarIsInTheDaemonsZone_whateverThisMachinesZone() async throws {
        let daemon = try DaemonUnderTest("calendar-zone", config: "timezone = \"Pacific/Kiritimati\"")
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "zone_club")
        let post = try daemon.schedule("In the daemon's zone", to: club.reference, at: "in 3h")
        var kiritimati = Calendar(identifier: .gregorian)
        kiritimati.timeZone = TimeZone(identifier: "Pacific/Kiritimati")!
        let due = kiritimati.dateComponents([.year, .month, .day, .hour, .minute], from: post.dueAt!)
        let day = String(format: "%04d-%02d-%02d", due.year!, due.month!, due.day!)
        let time = String(format: "%02d:%02d", due.hour!, due.minute!)
        for machineZone in ["UTC", "America/Los_Angeles", "Pacific/Kiritimati"] {
            let json = try daemon.schedctl(["calendar", "--from", day, "--json"], environment: ["TZ": machineZone]).decode([CalendarDay].self)
            let entry = json.first { $0.date == day }?.entries.first { $0.postId == post.id }
            #expect(entry?.time == time, "this machine in \(machineZone): the post on \(day) at \(time), the daemon's zone: \(json)")
            let drawn = try daemon.schedctl(["calendar", "--from", day, "--width", "120"], environment: ["TZ": machineZone])
            #expect(drawn.stdout.hasPrefix("week of ") && drawn.stdout.split(separator: "\n").first?.hasSuffix(", Pacific/Kiritimati") == true,
                    "this machine in \(machineZone): \(drawn.stdout)")
        }
        _ = try await daemon.stop()
    }
}
