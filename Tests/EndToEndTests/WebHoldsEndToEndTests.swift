import Foundation
import HTTPClient
import SchedulerCore
import Testing

/// Today and Status against a real daemon, beside `schedctl` (issue 47): the next due post a pause holds is named as
/// `schedctl status` names it, each pause says what lifts it with a Resume button an owner presses (the same
/// `RecoveryService.resume` as `schedctl resume`), and every time carries its zone. The composer's count and the
/// calendar's zoned times are SchedulerServerTests' WebComposerTests, in process.
@Suite(.serialized) struct WebHoldsEndToEndTests {
    /// A wall-clock time with its zone's offset, as every page now shows one: `Tue 8 Dec 06:30 +01:00`.
    static let zonedTime = #"[0-9]{2}:[0-9]{2} [+-][0-9]{2}:[0-9]{2}"#

    @Test(.timeLimit(.minutes(2)))
    func aPausedAccount_isNamedAsNextDue_asSchedctlSays_andAnOwnerResumesItFromTheWeb() async throws {
        let (daemon, owner) = try await WebAppEndToEndTests().startDaemon("web-holds")
        let held = try daemon.addSandboxAccount(username: "held_club")
        let free = try daemon.addSandboxAccount(username: "free_club")
        let first = try daemon.schedule("Held by its pause", to: held.reference, at: "in 2h")
        let second = try daemon.schedule("Goes out first", to: free.reference, at: "in 3h")
        #expect(try daemon.schedctl(["pause", held.reference]).status == 0)
        #expect(try daemon.schedctl(["pause", "--network", "linkedin"]).status == 0)

        let cli = try daemon.schedctl(["status"]).stdout
        #expect(cli.contains("next due:   post \(first.id) ") && cli.contains("waits: \(held.reference) is paused"), "\(cli)")
        #expect(cli.contains("next out:   post \(second.id) "), "\(cli)")

        #expect(try await owner.signIn("ada", WebAppEndToEndTests.password).status == 303)
        let status = try await owner.get("/status").bodyText
        #expect(status.contains("Next due: post \(first.id) at ") && status.contains("waits: \(held.reference) is paused (resume it to publish)"),
                "the web names the post schedctl names: \(status)")
        #expect(status.contains("Next out: post \(second.id) at "), "\(status)")
        let today = try await owner.get("/").bodyText
        for page in [status, today] {
            #expect(page.contains("\(held.reference) is paused, by hand."), "\(page)")
            #expect(page.range(of: "LinkedIn is paused, by hand, since [A-Za-z]{3} [0-9]{1,2} [A-Za-z]{3} " + Self.zonedTime, options: .regularExpression) != nil,
                    "\(page)")
            #expect(page.contains(#"<input type="hidden" name="account" value="\#(held.reference)"><button type="submit" class="resume">Resume \#(held.reference)</button>"#),
                    "\(page)")
        }
        #expect(today.range(of: #"class="time" href="/posts/\#(first.id)">[A-Za-z]{3} [0-9]{1,2} [A-Za-z]{3} "# + Self.zonedTime, options: .regularExpression) != nil,
                "Today's times carry their zone: \(today)")

        // An editor sees the pause but no Resume, and one posted anyway is refused, nothing changed.
        #expect(try daemon.schedctl(["web", "user", "add", "ed", "--role", "editor"], stdin: "an editor's passphrase\n").status == 0)
        let editor = WebVisitor(base: owner.base)
        #expect(try await editor.signIn("ed", "an editor's passphrase").status == 303)
        let editorToday = try await editor.get("/").bodyText
        #expect(editorToday.contains("\(held.reference) is paused, by hand.") && !editorToday.contains("action=\"/resume\""), "\(editorToday)")
        let refused = try await editor.post("/resume", [("csrf", WebVisitor.hiddenCSRF(in: editorToday) ?? ""), ("account", held.reference)])
        #expect(refused.status == 403 && refused.bodyText.contains("Nothing was changed"), "\(refused.status)")
        #expect(try daemon.schedctl(["status", "--json"]).decode(StatusView.self).paused?.accounts == [held.reference])

        let resumed = try await owner.post("/resume", [("csrf", WebVisitor.hiddenCSRF(in: status) ?? ""), ("account", held.reference), ("back", "/status")])
        #expect(resumed.status == 303 && resumed.header("location") == "/status", "\(resumed.status) \(resumed.bodyText.prefix(400))")
        let after = try daemon.schedctl(["status", "--json"]).decode(StatusView.self)
        #expect(after.paused?.accounts.isEmpty != false && after.nextDue?.postId == first.id && after.nextHeld == nil, "\(after)")
        let statusAfter = try await owner.get("/status").bodyText
        #expect(statusAfter.contains("Next due: post \(first.id) at ") && !statusAfter.contains("Next out:") && !statusAfter.contains("\(held.reference) is paused"),
                "\(statusAfter)")
        #expect(statusAfter.contains("LinkedIn is paused"), "resuming one account leaves the network's pause")
        _ = try await daemon.stop()
    }
}
