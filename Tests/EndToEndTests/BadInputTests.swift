import Foundation
import SchedulerCore
import Testing

/// Wrong input exits with the bad-input code, names the problem, and stores nothing.
@Suite(.serialized) struct BadInputTests {
    static let cases: [(name: String, arguments: [String], message: String)] = [
        ("unknown account", ["schedule", "Hello", "--to", "x:@nobody", "--at", "in 1h"], "no account 'x:@nobody'"),
        ("time in the past", ["schedule", "Hello", "--to", "x:@runner", "--at", "2020-01-01T08:00:00Z"], "in the past"),
        ("unparsable time", ["schedule", "Hello", "--to", "x:@runner", "--at", "next blue moon"], "cannot read 'next blue moon' as a time"),
        ("unknown zone", ["schedule", "Hello", "--to", "x:@runner", "--at", "2031-01-01 10:00", "--tz", "Mars/Olympus_Mons"], "unknown time zone 'Mars/Olympus_Mons'"),
        ("empty text", ["schedule", "", "--to", "x:@runner", "--at", "in 1h"], "the text is empty"),
        ("text over 280", ["schedule", String(repeating: "a", count: 281), "--to", "x:@runner", "--at", "in 1h"], "281 characters, over X's limit of 280"),
        ("CJK over 280 by weight", ["schedule", String(repeating: "漢", count: 141), "--to", "x:@runner", "--at", "in 1h"], "282 characters, over X's limit of 280"),
        ("skipped DST hour", ["schedule", "Hello", "--to", "x:@runner", "--at", "2031-03-30 02:30", "--tz", "Europe/Paris"], "does not exist in Europe/Paris"),
        ("no target", ["schedule", "Hello", "--at", "in 1h"], "--to"),
        ("unknown state", ["list", "--state", "bogus"], "unknown state 'bogus'"),
        ("bad list cursor", ["list", "--after", "not-a-cursor"], "'not-a-cursor' is not a list cursor"),
        // Issue 25: why a media file cannot be read, as the system says it; the alt-text limit names the path given.
        ("media file missing", ["schedule", "Hello", "--to", "x:@runner", "--at", "in 1h", "--media", "/nonexistent/photo.jpg"],
         "cannot read the media file /nonexistent/photo.jpg: No such file or directory"),
        ("media file a directory", ["schedule", "Hello", "--to", "x:@runner", "--at", "in 1h", "--media", Fixtures.directory.path],
         "cannot read the media file \(Fixtures.directory.path): Is a directory"),
        ("alt text over X's limit", ["schedule", "Hello", "--to", "x:@runner", "--at", "in 1h", "--media", Fixtures.path("run-4x5.jpg"),
                                     "--alt", String(repeating: "a", count: 1_001)],
         "the alt text of \(Fixtures.path("run-4x5.jpg")) has 1001 characters, over X's limit of 1000"),
        ("unknown placeholder", ["schedule", "Run {{nonexistent}}", "--to", "x:@runner", "--at", "in 1h", "--repeat", "daily"],
         "the text has {{nonexistent}}, which is not a placeholder; the placeholders are {{n}}, {{date}}, {{weekday}}"),
    ]

    @Test func eachBadScheduleRequest_exitsWithTheBadInputCode_namesTheProblem_andStoresNothing() async throws {
        let daemon = try DaemonUnderTest("badinput")
        try await daemon.start()
        _ = try daemon.addSandboxAccount(username: "runner")
        for entry in Self.cases {
            let run = try daemon.schedctl(entry.arguments)
            #expect(run.status == 2, "\(entry.name): exit \(run.status), stderr: \(run.stderr)")
            #expect(run.stderr.contains(entry.message), "\(entry.name): stderr was \(run.stderr)")
        }
        #expect(try daemon.posts(state: "all").isEmpty, "nothing was stored")
        _ = try await daemon.stop()
    }

    @Test func exitCodes_tellNotFoundConflictAndUnreachableApart() async throws {
        let daemon = try DaemonUnderTest("exitcodes")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "runner")

        let missing = try daemon.schedctl(["show", "999"])
        #expect(missing.status == 3)
        #expect(missing.stderr.contains("no post 999"))

        let post = try daemon.schedule("Cancel me", to: account.reference, at: "in 1h")
        #expect(try daemon.schedctl(["cancel", "\(post.id)"]).status == 0)
        let again = try daemon.schedctl(["cancel", "\(post.id)"])
        #expect(again.status == 5, "cancelling twice is a conflict: \(again.stderr)")

        let editCancelled = try daemon.schedctl(["edit", "\(post.id)", "--text", "changed"])
        #expect(editCancelled.status == 5)

        let badToken = try daemon.schedctl(["accounts", "add", "x"], stdin: "")
        #expect(badToken.status == 2)
        #expect(badToken.stderr.contains("no token found"))

        let wrongToken = try daemon.schedctl(["accounts", "add", "x"], stdin: "{\"token\": \"1-forged\", \"token_secret\": \"nope\"}")
        #expect(wrongToken.status == 2, "a token the network refuses is bad input: \(wrongToken.stderr)")
        #expect(!wrongToken.stderr.contains("nope"), "the secret is not echoed")

        _ = try await daemon.stop()
        let unreachable = try Schedctl.run(["status"], socket: daemon.socket)
        #expect(unreachable.status == 4)
        #expect(unreachable.stderr.contains("no socket at \(daemon.socket)"), "a daemon stopped cleanly removes its socket: \(unreachable.stderr)")
    }

    @Test func editAndCancel_changeOnlyWhatHasNotGoneOut() async throws {
        let daemon = try DaemonUnderTest("edit")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "editor")
        let post = try daemon.schedule("First draft", to: account.reference, at: "in 1h")
        let edited = try daemon.schedctl(["edit", "\(post.id)", "--text", "Second draft", "--at", "in 2h", "--json"]).decode(PostView.self)
        #expect(edited.text == "Second draft")
        #expect(edited.dueAt!.timeIntervalSince(post.dueAt!) > 3_000)
        let tooLong = try daemon.schedctl(["edit", "\(post.id)", "--text", String(repeating: "b", count: 300)])
        #expect(tooLong.status == 2)
        #expect(try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).text == "Second draft")
        _ = try await daemon.stop()
    }
}
