import FITTestSupport
import Foundation
import SchedulerCore
import Testing

/// Runs from the inbox folder a watch's sync writes to: a GPX and a FIT dropped into a running daemon's inbox become a
/// draft and a scheduled post within 2 s of being complete; a file still being written waits; sync tools' temporary
/// names are left alone; the same file again is skipped; a bad file goes to `failed/` with why; a file that arrives
/// while the daemon is stopped is taken when it starts again.
@Suite(.serialized) struct InboxEndToEndTests {
    /// The FIT run's start: its post is due two hours after its end, by the `+2h` rule.
    static let fitStart = Date(timeIntervalSince1970: 1_900_000_000)

    @Test(.timeLimit(.minutes(3)))
    func runsDroppedInTheInbox_becomePostsOnce_andAHalfWrittenFileWaits() async throws {
        // A sandboxd of its own, which outlives the daemon's restart below: a sandbox the daemon starts forgets the
        // account's token when it stops, and the account then needs relinking before a run can be posted to it.
        let sandboxDirectory = TemporaryDirectory("inbox-sandbox")
        let sandbox = try await SandboxUnderTest(directory: sandboxDirectory)
        let daemon = try DaemonUnderTest("inbox", sandbox: sandbox, config: "# [runs] is written below, once the folder is known")
        let inbox = daemon.directory.file("inbox")
        try daemon.writeConfiguration("""
            [runs]
            inbox = "\(inbox)"
            settle_ms = 300
            timezone = "Europe/Paris"

            [[runs.rules]]
            match = "*.gpx"
            to = ["x:@inbox_runner"]
            when = "draft"

            [[runs.rules]]
            match = "*.FIT"
            to = ["x:@inbox_runner"]
            when = "+2h"
            """)
        try await daemon.start()
        _ = try daemon.addSandboxAccount(username: "inbox_runner")

        // A GPX arriving as a sync tool writes one: a temporary name, then renamed into place.
        let temporary = (inbox as NSString).appendingPathComponent(".syncthing.sunday.gpx.tmp")
        try RunSummaryEndToEndTests.loopGPX().write(toFile: temporary, atomically: false, encoding: .utf8)
        try FileManager.default.moveItem(atPath: temporary, toPath: (inbox as NSString).appendingPathComponent("sunday.gpx"))
        try await eventually(timeout: .seconds(2), "the GPX to become a draft within 2 s") {
            try daemon.posts(state: "draft").count == 1
        }
        let draft = try #require(try daemon.posts(state: "draft").first)
        #expect(draft.text.contains("3.00 km") && draft.media.count == 1, "the run's text and its card: \(draft.text)")
        try await eventually("sunday.gpx moved to done/") { Self.names(in: inbox, "done") == ["sunday.gpx"] }

        // A FIT written in place: half of it, the writer still holding it open, waits.
        let fit = FITWriter.run(seconds: 1_800, start: Self.fitStart)
        let fitPath = (inbox as NSString).appendingPathComponent("morning.fit")
        // Opened as a watch's sync opens it, and held open: FileManager.createFile would close it at once.
        let writer = FileHandle(fileDescriptor: open(fitPath, O_WRONLY | O_CREAT | O_EXCL, 0o644), closeOnDealloc: true)
        try writer.write(contentsOf: fit[..<(fit.count / 2)])
        try await eventually("the half-written FIT to be listed as still being written") {
            try Self.inbox(daemon).waiting.contains { $0.name == "morning.fit" && $0.state == "writing" }
        }
        try writer.write(contentsOf: fit[(fit.count / 2)...])
        try writer.close()
        let closed = ContinuousClock.now
        try await eventually(timeout: .seconds(3), "the FIT to become a scheduled post") { try daemon.posts(state: "pending").count == 1 }
        #expect(ContinuousClock.now - closed < .seconds(2) + .milliseconds(300), "within 2 s of the settling time after the writer closed it")
        let scheduled = try #require(try daemon.posts(state: "pending").first)
        #expect(scheduled.dueAt == Self.fitStart.addingTimeInterval(1_800 + 7_200), "two hours after the run ended: \(String(describing: scheduled.dueAt))")
        #expect(scheduled.text.contains("5.40 km"), "the whole file's run, not half of it: \(scheduled.text)")

        // The same GPX again, as a sync tool writing it a second time: skipped, and counted.
        try RunSummaryEndToEndTests.loopGPX().write(toFile: (inbox as NSString).appendingPathComponent("sunday (1).gpx"), atomically: true, encoding: .utf8)
        try await eventually("the same file to be skipped") { try Self.inbox(daemon).files.contains { $0.name == "sunday.gpx" && $0.seenAgain == 1 } }
        #expect(try daemon.posts(state: "draft").count == 1, "still one draft")
        try await eventually("the copy moved to done/") { Self.names(in: inbox, "done") == ["morning.fit", "sunday (1).gpx", "sunday.gpx"] }

        // A picture named as a run: failed/, with a .txt saying why, and an event.
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64)).write(to: URL(fileURLWithPath: (inbox as NSString).appendingPathComponent("photo.FIT")))
        try await eventually("the bad file to go to failed/") { Self.names(in: inbox, "failed") == ["photo.FIT", "photo.FIT.txt"] }
        let why = try String(contentsOfFile: (inbox as NSString).appendingPathComponent("failed/photo.FIT.txt"), encoding: .utf8)
        #expect(why.contains("photo.FIT") && why.contains("not posted"), "\(why)")
        let events = try daemon.schedctl(["events", "--json", "--last", "50"]).stdout
        #expect(events.contains("\"inbox_posted\"") && events.contains("\"inbox_skipped\"") && events.contains("\"inbox_failed\""), "\(events)")

        // A file arriving while the daemon is stopped is taken when it starts again; nothing is posted twice.
        #expect(try await daemon.stop() == 0)
        let evening = RunSummaryEndToEndTests.loopGPX().replacingOccurrences(of: "2026-11-22T06", with: "2026-11-22T17")
        try evening.write(toFile: (inbox as NSString).appendingPathComponent("evening.gpx"), atomically: true, encoding: .utf8)
        try await daemon.start()
        try await eventually("the file dropped while stopped to become a draft") { try daemon.posts(state: "draft").count == 2 }
        #expect(try daemon.posts(state: "all").count == 3, "one post per file, none twice: the GPX, the FIT, the evening GPX")

        let listed = try daemon.schedctl(["runs", "inbox"])
        #expect(listed.status == 0 && listed.stdout.contains("sunday.gpx") && listed.stdout.contains("arrived again 1×")
                && listed.stdout.contains("not posted"), "\(listed.stdout)")
        _ = try await daemon.stop()
        withExtendedLifetime(sandboxDirectory) {}
    }

    /// Issue 48, item 12: a file that failed stayed in `failed/` with its `.txt` after the same file, fixed, was posted.
    @Test(.timeLimit(.minutes(2)))
    func aFileThatFailedThenWasPostedFixed_leavesNothingInFailed() async throws {
        let daemon = try DaemonUnderTest("inbox-fixed", config: "# [runs] is written below, once the folder is known")
        let inbox = daemon.directory.file("inbox")
        try daemon.writeConfiguration("""
            [runs]
            inbox = "\(inbox)"
            settle_ms = 300
            timezone = "Europe/Paris"

            [[runs.rules]]
            match = "*.gpx"
            to = ["x:@inbox_fixer"]
            when = "draft"
            """)
        try await daemon.start()
        _ = try daemon.addSandboxAccount(username: "inbox_fixer")
        let path = (inbox as NSString).appendingPathComponent("tempo.gpx")
        // Cut short twice, as a sync that broke off would leave it: two failures, the second numbered.
        for _ in 1...2 {
            try "<?xml version=\"1.0\"?><gpx><trk><trkseg>".write(toFile: path, atomically: true, encoding: .utf8)
            try await eventually("the broken file to leave the inbox") { !FileManager.default.fileExists(atPath: path) }
        }
        try await eventually("both tries in failed/") {
            Self.names(in: inbox, "failed") == ["tempo-2.gpx", "tempo-2.gpx.txt", "tempo.gpx", "tempo.gpx.txt"]
        }
        try RunSummaryEndToEndTests.loopGPX().write(toFile: path, atomically: true, encoding: .utf8)
        try await eventually("the fixed file to become a draft") { try daemon.posts(state: "draft").count == 1 }
        try await eventually("the fixed file in done/") { Self.names(in: inbox, "done") == ["tempo.gpx"] }
        #expect(Self.names(in: inbox, "failed").isEmpty, "the earlier failures are gone: \(Self.names(in: inbox, "failed"))")
        _ = try await daemon.stop()
    }

    static func inbox(_ daemon: DaemonUnderTest) throws -> InboxView {
        try daemon.schedctl(["runs", "inbox", "--json"]).decode(InboxView.self)
    }

    static func names(in inbox: String, _ shelf: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: (inbox as NSString).appendingPathComponent(shelf))) ?? []).sorted()
    }
}
