import Foundation
import SchedulerCore
import Testing

/// Wrong input exits with the bad-input code, names the problem, and stores nothing; exit codes tell not found, conflict
/// and unreachable apart.
@Suite(.serialized) struct BadInputTests {
    /// What schedctl refuses itself (no `--to`, a media file it cannot read, alt text over the limit, named by the path
    /// given), and one refusal of the daemon's for the exit code schedctl gives it; the daemon's other refusals of a
    /// schedule or a listing are SchedulerServerTests' ScheduleRefusalTests, in process.
    static let cases: [(name: String, arguments: [String], message: String)] = [
        ("unknown account", ["schedule", "Hello", "--to", "x:@nobody", "--at", "in 1h"], "no account 'x:@nobody'"),
        ("no target", ["schedule", "Hello", "--at", "in 1h"], "--to"),
        // Issue 25: why a media file cannot be read, as the system says it; the alt-text limit names the path given.
        ("media file missing", ["schedule", "Hello", "--to", "x:@runner", "--at", "in 1h", "--media", "/nonexistent/photo.jpg"],
         "cannot read the media file /nonexistent/photo.jpg: No such file or directory"),
        ("media file a directory", ["schedule", "Hello", "--to", "x:@runner", "--at", "in 1h", "--media", Fixtures.directory.path],
         "cannot read the media file \(Fixtures.directory.path): Is a directory"),
        ("alt text over X's limit", ["schedule", "Hello", "--to", "x:@runner", "--at", "in 1h", "--media", Fixtures.path("run-4x5.jpg"),
                                     "--alt", String(repeating: "a", count: 1_001)],
         "the alt text of \(Fixtures.path("run-4x5.jpg")) has 1001 characters, over X's limit of 1000"),
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
