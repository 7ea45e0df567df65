import Foundation
import SchedulerCore
import Testing

/// Issue 16 through the real schedctl and daemon: the lateness minimum (bug 1), one zone for TIME and a run's start
/// (bug 8), the dry run's DST note (bug 10), `check` without a daemon, and X's duplicate rule at schedule time.
@Suite(.serialized) struct TimeRulesEndToEndTests {
    /// The daemon reads local times in UTC; the person is in Paris.
    static let paris = ["TZ": "Europe/Paris"]

    @Test(.timeLimit(.minutes(2)))
    func latenessUnderAMinute_orNegative_isRefusedAtEveryWayIn_withExit2() async throws {
        let daemon = try DaemonUnderTest("lateness", config: "timezone = \"UTC\"")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "lateness")

        for lateness in ["0s", "30s"] {
            let run = try daemon.schedctl(["schedule", "Easy run \(lateness)", "--to", account.reference, "--at", "in 1h", "--lateness", lateness])
            #expect(run.status == 2, "\(run.stdout) \(run.stderr)")
            #expect(run.stderr.contains("lateness '\(lateness)' is under the minimum of 1m"), "\(run.stderr)")
        }
        let negative = try daemon.schedctl(["schedule", "Easy run", "--to", account.reference, "--at", "in 1h", "--lateness", "-5m"])
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("lateness '-5m' is negative"), "\(negative.stderr)")
        #expect(try daemon.posts().isEmpty, "nothing stored")

        let post = try daemon.schedule("Easy run", to: account.reference, at: "in 1h", extra: ["--lateness", "1m"])
        let edit = try daemon.schedctl(["edit", "\(post.id)", "--lateness", "0s"])
        #expect(edit.status == 2)
        #expect(try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).latenessLimitSeconds == 60)
        #expect(try await daemon.stop() == 0)
    }

    /// Issue 16, bug 8: TIME was read in the daemon's zone and the run's start written in the person's.
    @Test(.timeLimit(.minutes(2)))
    func scheduleRun_readsTimeInThePersonsZone_theZoneTheRunsStartIsWrittenIn_andSaysSo() async throws {
        let daemon = try DaemonUnderTest("run-zone", config: "timezone = \"UTC\"")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "runzone")
        let file = daemon.directory.file("sunday.gpx")
        try RunSummaryEndToEndTests.loopGPX().write(toFile: file, atomically: true, encoding: .utf8)
        let templates = daemon.directory.file("templates")
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        try "Ran at {{time}}, posted a minute later".write(toFile: templates + "/x.mustache", atomically: true, encoding: .utf8)

        let run = try daemon.schedctl(["schedule", "--run", file, "--templates", templates, "--to", account.reference, "--at", "2030-11-22 07:31"],
                                      environment: Self.paris)

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("note: 2030-11-22 07:31 read in Europe/Paris (your zone)"), "\(run.stdout)")
        let post = try #require(try daemon.posts().first)
        #expect(post.dueZone == "Europe/Paris")
        #expect(post.dueLocal == "2030-11-22T07:31:00")
        #expect(RFC3339.format(post.dueAt!) == "2030-11-22T06:31:00Z")
        #expect(post.text.contains("Ran at 07:30"), "the run started at 07:30 in Paris: \(post.text)")
        #expect(try await daemon.stop() == 0)
    }

    @Test(.timeLimit(.minutes(2)))
    func aBareTimeThatHasPassed_isTomorrows_andSaysSo_andAYearTypoIsRefused() async throws {
        let daemon = try DaemonUnderTest("bare-time", config: "timezone = \"UTC\"")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "baretime")
        var paris = Calendar(identifier: .gregorian)
        paris.timeZone = TimeZone(identifier: "Europe/Paris")!
        // An hour ago in Paris, as a bare time of day (unless that was yesterday: then it is today's anyway).
        let past = paris.dateComponents([.hour, .minute], from: Date().addingTimeInterval(-3_600))
        let bare = "\(past.hour!):\(String(format: "%02d", past.minute!))"

        let run = try daemon.schedctl(["schedule", "Tempo", "--to", account.reference, "--at", bare, "--dry-run"], environment: Self.paris)

        #expect(run.status == 0, "\(run.stderr)")
        if past.hour! < 23 {
            #expect(run.stdout.contains("note: \(bare) has passed today in Europe/Paris, so tomorrow's"), "\(run.stdout)")
        }
        let far = try daemon.schedctl(["schedule", "Tempo", "--to", account.reference, "--at", "2300-01-01 07:30"], environment: Self.paris)
        #expect(far.status == 2)
        #expect(far.stderr.contains("more than 5 years ahead"), "\(far.stderr)")
        #expect(try await daemon.stop() == 0)
    }

    /// Issue 16, bug 10: the real schedule said the time happens twice; the dry run did not.
    @Test(.timeLimit(.minutes(2)))
    func dryRun_ofATimeThatHappensTwice_printsTheSameNoteAsTheSchedule() async throws {
        let daemon = try DaemonUnderTest("dst-note")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "dstnote")
        let arguments = ["schedule", "Night run", "--to", account.reference, "--at", "2027-10-31 02:30", "--tz", "Europe/Paris"]

        let dry = try daemon.schedctl(arguments + ["--dry-run"])
        let real = try daemon.schedctl(arguments)

        let note = "note: 2027-10-31 02:30 happens twice in Europe/Paris; the first (2027-10-31 02:30 +02:00) was taken"
        #expect(dry.status == 0 && real.status == 0, "\(dry.stderr) \(real.stderr)")
        #expect(real.stdout.contains(note), "\(real.stdout)")
        #expect(dry.stdout.contains(note), "\(dry.stdout)")
        #expect(try await daemon.stop() == 0)
    }

    @Test func check_needsNoDaemon() throws {
        let run = try Schedctl.run(["check", "Ran 10k https://example.com/run", "--to", "x", "--to", "instagram", "--media", Fixtures.path("run-4x5.jpg")],
                                   socket: "/nonexistent/control.sock")
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        #expect(run.stdout.contains("as X counts them: valid"), "\(run.stdout)")
        #expect(run.stdout.contains("as Instagram counts them: valid"), "\(run.stdout)")
        let long = try Schedctl.run(["check", String(repeating: "a", count: 281), "--to", "x"], socket: "/nonexistent/control.sock")
        #expect(long.status == 2)
        #expect(long.stdout.contains("281/280"), "\(long.stdout)")
    }

    @Test func check_aPNGForInstagram_isValid_withANoteThatScheduleConvertsIt() throws {
        let run = try Schedctl.run(["check", "Easy run", "--to", "instagram", "--media", Fixtures.path("square-ish.png")],
                                   socket: "/nonexistent/control.sock")
        #expect(run.status == 0, "what schedule publishes, check does not refuse: \(run.stdout) \(run.stderr)")
        #expect(run.stdout.contains("note: image 1 is a PNG: `schedule` converts it to JPEG"), "\(run.stdout)")
        let json = try Schedctl.run(["check", "Easy run", "--to", "instagram", "--media", Fixtures.path("square-ish.png"), "--json"],
                                    socket: "/nonexistent/control.sock")
        let view = try JSONDecoder().decode(CheckView.self, from: Data(json.stdout.utf8))
        #expect(view.valid && view.notes?.count == 1)
    }

    @Test(.timeLimit(.minutes(2)))
    func theSameTextToAnXAccountWithinADay_isRefusedAtScheduleTime_withExit2() async throws {
        let daemon = try DaemonUnderTest("same-text")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "sametext")
        let first = try daemon.schedule("Hill repeats tonight", to: account.reference, at: "in 2h")

        let again = try daemon.schedctl(["schedule", "Hill repeats tonight", "--to", account.reference, "--at", "in 5h"])

        #expect(again.status == 2, "\(again.stdout) \(again.stderr)")
        #expect(again.stderr.contains("X refuses a post identical to a recent one of the account, and post \(first.id)"), "\(again.stderr)")
        #expect(try daemon.posts().count == 1)
        #expect(try await daemon.stop() == 0)
    }
}
