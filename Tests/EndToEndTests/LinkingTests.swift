import Foundation
import GRDB
import SchedulerCore
import Testing

/// Linking, refreshing and unlinking accounts against the sandbox's authorization servers, headless,
/// as a person would: follow the printed URL, paste back what it returns.
@Suite(.serialized) struct LinkingTests {
    @Test func allFourNetworks_linkHeadless_andXPublishesWithItsOAuth2Token() async throws {
        let daemon = try DaemonUnderTest("linkall")
        try await daemon.start()
        let x = try await daemon.linkAccount("x")
        let pinAttempt = try await daemon.link("x", ["--oauth1"]) { url in try await Browser.pin(url + "&sandbox_user=pin_runner") }
        #expect(pinAttempt.status == 0, "\(pinAttempt.stderr)")
        let pin = try JSONCoding.decoder().decode(AccountView.self, from: Data(pinAttempt.stdout.utf8))
        #expect(pin.handle == "pin_runner")
        let facebook = try await daemon.linkAccount("facebook")
        let linkedin = try await daemon.linkAccount("linkedin")
        let instagram = try await daemon.linkAccount("instagram")
        #expect(x.network == .x && x.authKind == .oauth2 && x.refreshable)
        #expect(pin.network == .x && pin.authKind == .oauth1)
        #expect(facebook.network == .facebook && facebook.authKind == .oauth2)
        #expect(linkedin.network == .linkedin && linkedin.remoteId.hasPrefix("urn:li:person:") && !linkedin.refreshable)
        #expect(linkedin.accessExpiresAt != nil, "LinkedIn's 60-day expiry is known")
        #expect(instagram.network == .instagram)
        let listed = try daemon.accounts()
        #expect(Set(listed.map(\.network)) == [.x, .facebook, .linkedin, .instagram])
        #expect(listed.count == 5)
        #expect(listed.allSatisfy { $0.status == .active })

        let post = try daemon.schedule("Posted with OAuth 2.0", to: x.reference, at: "in 1s")
        try await eventually("the OAuth 2.0 post to be published") {
            try daemon.posts(state: "published").contains { $0.id == post.id }
        }
        let received = try daemon.schedctl(["sandbox", "received", "--json"]).decode([JSONValue].self)
        #expect(received.contains { $0["body"]?["text"]?.stringValue == "Posted with OAuth 2.0" })
        _ = try await daemon.stop()
    }

    @Test func anExpiredAccessToken_isRenewedOnce_beforeThePostGoesOut() async throws {
        let daemon = try DaemonUnderTest("refresh", config: "sandbox_access_token_lifetime = \"2s\"")
        try await daemon.start()
        let account = try await daemon.linkAccount("x")
        let post = try daemon.schedule("Due after the token expired", to: account.reference, at: "in 4s")
        try await eventually("the post to be published") { try daemon.posts(state: "published").contains { $0.id == post.id } }

        let issued = try daemon.schedctl(["sandbox", "records", "issued", "--json"]).decode([JSONValue].self)
        let xAccessTokens = issued.filter { $0["network"]?.stringValue == "x" && $0["kind"]?.stringValue == "access_token" }
        #expect(xAccessTokens.count == 2, "one token from the link, one from exactly one refresh")
        let rejected = try daemon.schedctl(["sandbox", "records", "rejected", "--json"]).decode([JSONValue].self)
        #expect(rejected.isEmpty, "the expired token was renewed before use, not after a refusal: \(rejected)")
        _ = try await daemon.stop()
    }

    @Test func replayingAnOldRefreshToken_makesTheAccountNeedRelinking_andItsPostsWait() async throws {
        // The sandbox runs on its own so it remembers the token family across daemon restarts.
        let directory = TemporaryDirectory("replay-sandbox")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let daemon = try DaemonUnderTest("replay", sandbox: sandbox)
        try await daemon.start()
        let account = try await daemon.linkAccount("x")
        let waiting = try daemon.schedule("Waits for a relink", to: account.reference, at: "in 1h")
        _ = try await daemon.stop()
        // A backup taken now holds the first refresh token.
        let state = daemon.stateDirectory
        let backup = daemon.directory.file("backup")
        try FileManager.default.copyItem(atPath: state, toPath: backup)

        try await daemon.start()
        let refreshed = try daemon.schedctl(["accounts", "refresh", account.reference])
        #expect(refreshed.status == 0, "refresh rotates the token: \(refreshed.stderr)")
        _ = try await daemon.stop()

        // Restoring the backup makes schedulerd present the already-used refresh token.
        try FileManager.default.removeItem(atPath: state)
        try FileManager.default.copyItem(atPath: backup, toPath: state)
        try await daemon.start()
        let replay = try daemon.schedctl(["accounts", "refresh", account.reference])
        #expect(replay.status == 5, "a refused refresh needs a person: \(replay.stderr)")
        #expect(replay.stderr.contains("relink"))

        let listed = try daemon.accounts().first { $0.id == account.id }
        #expect(listed?.status == .needsRelink)
        let table = try daemon.schedctl(["accounts", "list"], environment: ["COLUMNS": "250"])
        #expect(table.stdout.contains("needs_relink"))
        let status = try daemon.schedctl(["status"], environment: ["COLUMNS": "250"])
        #expect(status.stdout.contains("\(account.reference) needs relinking"))
        let revoked = try daemon.schedctl(["sandbox", "records", "revoked", "--json"]).decode([JSONValue].self)
        #expect(revoked.contains { $0["reason"]?.stringValue == "refresh_reuse" }, "the sandbox revoked the whole family")
        // Issue 48, item 5: without --json, a table for people, as `sandbox received` prints.
        let text = try daemon.schedctl(["sandbox", "records", "revoked"], environment: ["COLUMNS": "250"])
        #expect(text.status == 0 && !text.stdout.hasPrefix("[") && !text.stdout.contains("\"reason\""), "\(text.stdout)")
        #expect(text.stdout.contains("NETWORK") && text.stdout.contains("REASON") && text.stdout.contains("refresh_reuse"), "\(text.stdout)")
        let post = try daemon.schedctl(["show", "\(waiting.id)", "--json"]).decode(PostView.self)
        #expect(post.deliveries.first?.state == .scheduled, "the post stays scheduled")
        _ = try await daemon.stop()
    }

    @Test func unlink_revokesAtTheNetwork_andLeavesNoSealedBlob() async throws {
        let daemon = try DaemonUnderTest("unlink")
        try await daemon.start()
        let x = try await daemon.linkAccount("x")
        let linkedin = try await daemon.linkAccount("linkedin")
        let pending = try daemon.schedule("Blocks the unlink", to: x.reference, at: "in 1h")

        let refused = try daemon.schedctl(["accounts", "unlink", x.reference])
        #expect(refused.status == 5, "unlink is refused while a post targets the account")
        #expect(try daemon.schedctl(["sandbox", "records", "revoked", "--json"]).decode([JSONValue].self).isEmpty, "nothing revoked by a refused unlink")

        let unlinked = try daemon.schedctl(["accounts", "unlink", x.reference, "--cancel-pending", "--json"]).decode(UnlinkView.self)
        #expect(unlinked.revokedAtNetwork)
        #expect(unlinked.account.status == .revoked)
        #expect(try daemon.schedctl(["show", "\(pending.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .cancelled)
        let other = try daemon.schedctl(["accounts", "unlink", linkedin.reference, "--json"]).decode(UnlinkView.self)
        #expect(other.revokedAtNetwork)

        let revoked = try daemon.schedctl(["sandbox", "records", "revoked", "--json"]).decode([JSONValue].self)
        #expect(revoked.contains { $0["network"]?.stringValue == "x" && $0["reason"]?.stringValue == "revoke_endpoint" })
        #expect(revoked.contains { $0["network"]?.stringValue == "linkedin" })
        _ = try await daemon.stop()

        let database = try DatabaseQueue(path: (daemon.stateDirectory as NSString).appendingPathComponent("schedulerd.sqlite"))
        let blobs = try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account WHERE sealed_credentials IS NOT NULL")
        }
        #expect(blobs == 0)
    }

    @Test func badInput_givesAClearError_andStoresNoAccount() async throws {
        let daemon = try DaemonUnderTest("linkbad", config: "sandbox_code_lifetime = \"1s\"")
        try await daemon.start()

        let wrongPIN = try await daemon.link("x", ["--oauth1"]) { _ in "0000000" }
        #expect(wrongPIN.status == 2, "wrong PIN: \(wrongPIN.stderr)")
        #expect(wrongPIN.stderr.contains("PIN"))

        let tampered = try await daemon.link("x") { url in
            replacingQueryItem("state", with: "forged-state", in: try await Browser.approve(url))
        }
        #expect(tampered.status == 2, "tampered state: \(tampered.stderr)")
        #expect(tampered.stderr.lowercased().contains("state"))

        let denied = try await daemon.link("facebook") { url in try await Browser.approve(url + "&sandbox_decision=deny") }
        #expect(denied.status == 2, "denied consent: \(denied.stderr)")
        #expect(denied.stderr.lowercased().contains("refused") || denied.stderr.lowercased().contains("denied"))

        let expired = try await daemon.link("linkedin") { url in
            let redirect = try await Browser.approve(url)
            try await Task.sleep(for: .milliseconds(1_500))  // the code's lifetime is 1 s: let it lapse
            return redirect
        }
        #expect(expired.status == 2, "expired code: \(expired.stderr)")

        // Two flows at once: the redirect of the first pasted into the second.
        let first = try InteractiveProcess(Products.path("schedctl"), ["accounts", "link", "x", "--headless"],
                                           environment: ["SCHEDCTL_SOCKET": daemon.socket])
        let firstRedirect = try await Browser.approve(try await first.firstLine())
        let crossed = try await daemon.link("x") { _ in firstRedirect }
        #expect(crossed.status == 2, "another flow's redirect: \(crossed.stderr)")
        try first.answer("")
        _ = try await first.finish()

        // The browser comes back after schedctl stopped listening.
        let closed = try InteractiveProcess(Products.path("schedctl"), ["accounts", "link", "x", "--timeout", "1s"],
                                            environment: ["SCHEDCTL_SOCKET": daemon.socket])
        let url = try await closed.firstLine()
        #expect(try await closed.finish() == 2, "a listener nobody came back to: \(closed.stderr)")
        #expect(closed.stderr.contains("no browser came back"))
        let location = try await Browser.approve(url)
        await #expect(throws: (any Error).self) { try await Browser.follow(location) }

        #expect(try daemon.accounts().isEmpty, "no account was stored by any failed attempt")
        _ = try await daemon.stop()
    }
}
