import Foundation
import SchedulerCore
import Testing

/// Issue 25, bug 16 and the friction list, as a person meets them: what `accounts unlink` and `accounts list --all` say,
/// a token `sandbox token instagram` mints working end to end, and `backup DIR/`. What the daemon answers `accounts
/// refresh` for an OAuth 1.0a account is SchedulerServerTests' AccountRefusalTests, in process.
@Suite struct AccountMessagesEndToEndTests {
    /// `unlink --cancel-pending` did not say how many posts it cancelled; an unlinked account's token said "does not
    /// expire".
    @Test(.timeLimit(.minutes(2)))
    func unlinkingWithCancelPending_saysHowManyPostsItCancelled_andTheTokenIsGone() async throws {
        let daemon = try DaemonUnderTest("unlink-count")
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "club")
        let runner = try daemon.addSandboxAccount(username: "runner")
        for index in 1...2 { _ = try daemon.schedule("Club post \(index)", to: club.reference, at: "in \(index)h") }
        _ = try daemon.schedule("Runner post", to: runner.reference, at: "in 1h")

        let unlinked = try daemon.schedctl(["accounts", "unlink", club.reference, "--cancel-pending"])
        #expect(unlinked.status == 0, "\(unlinked.stderr)")
        // Issue 48, item 11: it cancels the deliveries to the account, which it called posts.
        #expect(unlinked.stdout.contains("credentials deleted; cancelled 2 deliveries to it"), "\(unlinked.stdout)")
        let json = try daemon.schedctl(["accounts", "unlink", runner.reference, "--cancel-pending", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json.stdout) \(json.stderr)")
        #expect(object["cancelled_posts"] as? Int == 1, "\(json.stdout)")

        let all = try daemon.schedctl(["accounts", "list", "--all"], environment: ["COLUMNS": "120"])
        let row = try #require(all.stdout.split(separator: "\n").first { $0.contains(club.reference) }, "\(all.stdout)")
        #expect(row.contains("revoked") && row.contains("none (unlinked)") && !row.contains("does not expire"), "\(row)")
        _ = try await daemon.stop()
    }

    /// `sandbox token instagram` minted a token `accounts add instagram` always refused; now it is added, and a post
    /// to it is published through the Graph API.
    @Test(.timeLimit(.minutes(2)))
    func aSandboxInstagramToken_isAdded_andPublishes() async throws {
        let daemon = try DaemonUnderTest("instagram-import")
        try await daemon.start()
        let token = try daemon.schedctl(["sandbox", "token", "instagram", "--username", "club"])
        #expect(token.status == 0, "\(token.stderr)")
        let added = try daemon.schedctl(["accounts", "add", "instagram", "--json"], stdin: token.stdout)
        #expect(added.status == 0, "\(added.stdout) \(added.stderr)")
        let account = try added.decode(AccountView.self)
        #expect(account.network == .instagram && account.authKind == .oauth2 && account.status == .active)
        let post = try daemon.schedule("Parkrun PB! #parkrun", to: account.reference, at: "in 1s", extra: ["--media", Fixtures.path("run-4x5.jpg")])
        try await eventually(timeout: .seconds(30), "the Instagram post to be published") {
            try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .published
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        #expect(received.contains { $0["network"]?.stringValue == "instagram" }, "\(received)")

        // Checked like any token: one without IG content publishing is refused, naming it, and nothing is stored.
        let narrow = try daemon.schedctl(["sandbox", "token", "instagram", "--username", "runner", "--scopes", "pages_show_list,instagram_basic"])
        let refused = try daemon.schedctl(["accounts", "add", "instagram"], stdin: narrow.stdout)
        #expect(refused.status == 2 && refused.stderr.contains("instagram_content_publish"), "\(refused.stderr)")
        #expect(try daemon.schedctl(["accounts", "list", "--json"]).decode([AccountView].self).count == 1)
        _ = try await daemon.stop()
    }

    /// `backup DIR/` said "exists; … replace it with --force", and --force then failed (exit 1).
    @Test func aBackupToADirectory_isRefusedAsBadInput_namingAFileInIt() throws {
        let directory = TemporaryDirectory("backup-dir")
        for typed in [directory.path + "/", directory.path] {
            let run = try Schedctl.run(["backup", typed], socket: "/nonexistent/control.sock")
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains("\(typed) is a directory") && run.stderr.contains(directory.path + "/schedulerd-"), "\(run.stderr)")
            #expect(!run.stderr.contains("--force"), "\(run.stderr)")
        }
    }
}
