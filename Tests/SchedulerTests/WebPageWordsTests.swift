import Foundation
import SchedulerCore
@testable import SchedulerServer
import Testing
@testable import Scheduler

/// What the web pages say about the daemon's state, from the same views `schedctl` prints: the next due post held by a
/// pause (as `schedctl status` names it), each pause with what lifts it, and the token forecast (issue 47).
@Suite struct WebPageWordsTests {
    let now = referenceNow
    let format = WebPages.dueFormat(TimeZone(identifier: "Europe/Paris")!)

    func status(paused: PauseView? = nil, held: StatusView.HeldDue? = nil, next: StatusView.NextDue? = nil,
                throttled: ThrottleView? = nil) -> StatusView {
        StatusView(version: "1", startedAt: now, now: now, sandbox: true, deliveries: ["scheduled": 2], nextDue: next,
                   accountsNeedingAttention: [], paused: paused, throttled: throttled, nextHeld: held)
    }

    @Test func theNextDuePost_isTheOneAPauseHolds_asSchedctlStatusSaysIt_andWhatGoesOutFirstIsNextOut() {
        let facts = status(paused: PauseView(everything: false, accounts: ["x:@club"]),
                           held: .init(postId: 3, dueAt: now.addingTimeInterval(3_600), account: "x:@club", reason: .accountPaused),
                           next: .init(postId: 4, dueAt: now.addingTimeInterval(7_200), accounts: 1))
        let lines = WebPages.nextLines(facts, format: format)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("Next due: post 3 at ") == true && lines.first?.hasSuffix("; waits: x:@club is paused (resume it to publish)") == true,
                "\(lines)")
        #expect(lines.last?.hasPrefix("Next out: post 4 at ") == true && lines.last?.hasSuffix(" to 1 account") == true, "\(lines)")
        #expect(WebPages.nextLines(status(), format: format) == ["Next due: nothing scheduled"])
    }

    @Test func eachPause_saysWhoOrWhatMadeIt_sinceWhen_andWhatLiftsIt_withAResumeOnlyForAnOwner() throws {
        let since = now.addingTimeInterval(-600)
        let paused = PauseView(everything: false, accounts: ["x:@club"], networks: [
            NetworkPauseView(network: .linkedin, byPerson: true, reason: "paused by hand", remedy: nil, since: since),
            NetworkPauseView(network: .x, byPerson: false, reason: "X refused the app: no credits left", remedy: "buy credits in the developer console",
                             since: since),
        ])
        let facts = status(paused: paused, throttled: ThrottleView(deliveries: 1, from: now.addingTimeInterval(60), until: now.addingTimeInterval(60)))
        let entries = WebPages.holdEntries(facts, format: format, mayResume: true)
        let what = entries.map { $0["what"] as? String ?? "" }
        let lifts = entries.map { $0["lifts"] as? String ?? "" }
        #expect(what[0] == "x:@club is paused, by hand.")
        #expect(what[1] == "LinkedIn is paused, by hand, since \(format.string(from: since)).")
        #expect(what[1].contains("+01:00") || what[1].contains("+02:00"), "a time with its zone: \(what[1])")
        #expect(what[2] == "X is paused since \(format.string(from: since)): X refused the app: no credits left")
        #expect(lifts[2] == "To publish again: buy credits in the developer console; then resume it.")
        #expect(what[3] == "1 delivery held back by the networks' rate limits." && lifts[3].hasPrefix("Nothing to do: it goes out at "), "\(entries[3])")
        let resumes = entries.map { $0["resume"] as? [String: Any] }
        #expect(resumes[0]?["field"] as? String == "account" && resumes[0]?["value"] as? String == "x:@club")
        #expect(resumes[1]?["field"] as? String == "network" && resumes[1]?["value"] as? String == "linkedin")
        #expect(resumes[3] == nil, "a rate limit lifts itself")
        #expect(WebPages.holdEntries(facts, format: format, mayResume: false).allSatisfy { $0["resume"] == nil }, "no Resume for an editor or a viewer")
    }

    @Test func theTokenForecast_warnsOnlyOfATokenThatDoesNotRenewItself_inTheRightNumber() {
        var account = AccountView(id: 1, network: .linkedin, handle: "club", displayName: "Club", remoteId: "r", authKind: .oauth2, status: .active,
                                  createdAt: now, pendingPosts: 1, accessExpiresAt: now.addingTimeInterval(5 * 86_400), refreshable: false,
                                  postsAfterExpiry: 1)
        #expect(WebPages.expiryWarning(account, now: now) == "The token expires in 5 days, before 1 scheduled post: link it again before then, or they fail.")
        account.postsAfterExpiry = 3
        #expect(WebPages.expiryWarning(account, now: now)?.contains("before 3 scheduled posts") == true)
        account.refreshable = true
        #expect(WebPages.expiryWarning(account, now: now) == nil, "the daemon renews it before it runs out")
        account.refreshable = false
        #expect(WebPages.attentionLine(account, now: now) == "linkedin:@club: token expires in 5 days, before 3 scheduled posts (link it again on Accounts)",
                "Today's Needs you says what runs out and what to do, not the account's state")
    }
}
