import Connectors
import Foundation
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// Posts in several parts (an X thread, a first comment): each part goes out once, in order, recorded as it goes, and a
/// delivery cut short continues after the last part out, looking up only the part in doubt.
@Suite(.timeLimit(.minutes(1))) struct EnginePartsTests {
    /// A due post to `account`: `first`, then `replies` as a thread, then `comment` under it.
    func addThread(_ harness: EngineHarness, _ account: AccountRecord, first: String = "part one", replies: [String], comment: String? = nil,
                   dueAgo: TimeInterval = 1, lateness: Int = 3_600) async throws -> PostRecord {
        let due = Date().addingTimeInterval(-dueAgo)
        var post = NewPost(text: first, time: ScheduleTime(instant: due, zoneIdentifier: "UTC", wallClock: "2030-01-01T00:00:00"),
                           latenessLimitSeconds: lateness, targets: [NewPost.Target(accountID: account.id, firstComment: comment)])
        post.thread = replies.map { ThreadPart(text: $0) }
        let view = try await harness.store.insertPost(post, now: due)
        harness.wake.signal()
        return view
    }

    @Test func aThreadWithAFirstComment_goesOutInOrder_eachPartAReplyToTheOneBefore_andEachRecordedWithItsID() async throws {
        let harness = try EngineHarness()
        let account = try await harness.addAccount("runner")
        let post = try await addThread(harness, account, replies: ["part two", "part three"], comment: "results: https://example.org")

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        #expect(harness.connector.texts == ["part one", "part two", "part three", "comment on remote-3: results: https://example.org"])
        #expect(harness.connector.replyTos == [nil, "remote-1", "remote-2", nil], "the comment goes through comment(_:), under the last part")
        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(delivery.remoteId == "remote-1", "the delivery's id is the thread's first post")
        #expect(delivery.partCount == 4)
        #expect(delivery.parts?.map(\.remoteId) == ["remote-1", "remote-2", "remote-3", "remote-4"])
        #expect(delivery.parts?.map(\.kind) == ["post", "reply", "reply", "comment"])
        let history = try await harness.store.history(postID: post.id)
        #expect(history.deliveries[0].attempts.map(\.part) == [1, 2, 3, 4])
        #expect(try await harness.store.recentEvents(10).map(\.event) == ["published"], "one event for the whole thread")
    }

    @Test func aLostAnswerOnPart3_looksUpPart3_findsIt_andGoesOnWithPart4_sendingNothingTwice() async throws {
        let harness = try EngineHarness { $0.retry.baseSeconds = 0.05; $0.retry.maxSeconds = 0.1 }
        harness.connector.script(publishes: [.succeed, .succeed, .fail(ConnectorError(code: .uncertain, message: "X: the connection closed before an answer"))])
        harness.connector.script(lookUps: [.found(9)])
        let account = try await harness.addAccount("runner")
        let post = try await addThread(harness, account, replies: ["part two", "part three", "part four"])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        #expect(harness.connector.texts == ["part one", "part two", "part three", "part four"], "part three was sent once, then found")
        #expect(harness.connector.replyTos.last == "remote-9", "part four answers part three as found on the network")
        #expect(harness.connector.lookUps.count == 1, "only the part in doubt was looked up")
        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(delivery.parts?.map(\.remoteId) == ["remote-1", "remote-2", "remote-9", "remote-3"])
    }

    @Test func aCrashBetweenParts_continuesAfterTheLastPartOut_evenPastTheLatenessLimit() async throws {
        let harness = try EngineHarness()
        harness.connector.script(lookUp: .absent)
        let account = try await harness.addAccount("runner")
        let post = try await addThread(harness, account, replies: ["part two", "part three"], dueAgo: 120, lateness: 60)
        // The first start: claimed, parts 1 and 2 out and recorded, then SIGKILL; the next start returns the claim.
        let claim = try #require(try await harness.store.claimDue(now: Date().addingTimeInterval(-100), limit: 1).claimed.first)
        #expect(claim.partCount == 3)
        for number in 1...2 {
            let at = Date()
            try await harness.store.recordPartPublished(claim, part: PublishedPart(number: number, remoteID: "early-\(number)", remoteURL: nil, publishedAt: at),
                                                        attempt: AttemptRecord(startedAt: at, finishedAt: at, httpStatus: 201, outcome: "published", part: number))
        }
        #expect(try await harness.store.returnClaimsForChecking(lookUpAt: Date(), reason: "schedulerd stopped") == 1)

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        #expect(harness.connector.texts == ["part three"], "parts one and two were never sent again")
        #expect(harness.connector.replyTos == ["early-2"])
        #expect(harness.connector.lookUps.count == 2, "part three, the one in doubt, was looked up twice (the listing lag) before it was sent")
        #expect(try await harness.store.delivery(ofPost: post.id).parts?.map(\.remoteId) == ["early-1", "early-2", "remote-1"])
    }

    @Test func aPartRefusedForGood_leavesTheThreadPartialAndSaysSo_andRetryContinuesFromThatPart() async throws {
        let harness = try EngineHarness()
        harness.connector.script(publishes: [.succeed, .fail(ConnectorError(code: .permanent, message: "X: duplicate content", httpStatus: 403))])
        let account = try await harness.addAccount("runner")
        let post = try await addThread(harness, account, replies: ["part two", "part three"])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .failed }
            let failed = try await harness.store.delivery(ofPost: post.id)
            #expect(failed.error?.contains("the thread is incomplete: part 1 is on X; part 2 of 3: X: duplicate content") == true)
            #expect(failed.error?.contains("`schedctl retry \(post.id) --delivery \(failed.id)` continues from part 2") == true)
            #expect(failed.parts?.map(\.remoteId) == ["remote-1"])
            #expect(try await harness.store.recentEvents(10).last?.event == "failed")

            _ = try await harness.store.retryDelivery(id: failed.id, force: false)
            harness.wake.signal()
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        #expect(harness.connector.texts == ["part one", "part two", "part two", "part three"], "part one once; part two again after the retry")
        #expect(harness.connector.replyTos == [nil, "remote-1", "remote-1", "remote-2"])
    }

    @Test func aFirstCommentThatFails_leavesThePostPublished_andRetryMakesTheCommentAlone() async throws {
        let facebook = ScriptedConnector(network: .facebook)
        let harness = try EngineHarness(others: [facebook])
        facebook.script(publishes: [.succeed, .fail(ConnectorError(code: .permanent, message: "Facebook: (#100) the post is not visible", httpStatus: 400))])
        let page = try await harness.addAccount("club", network: .facebook)
        let post = try await addThread(harness, page, first: "Race photos", replies: [], comment: "Results: https://example.org")

        try await harness.running {
            try await waitUntil {
                let delivery = try await harness.store.delivery(ofPost: post.id)
                return delivery.state == .published && delivery.error != nil
            }
            let published = try await harness.store.delivery(ofPost: post.id)
            #expect(published.remoteId == "remote-1")
            #expect(published.error?.hasPrefix("published, but its first comment could not be made: Facebook: (#100)") == true)
            #expect(try await harness.store.recentEvents(10).map(\.event) == ["comment_failed"])

            _ = try await harness.store.retryDelivery(id: published.id, force: false)
            harness.wake.signal()
            try await waitUntil {
                let delivery = try await harness.store.delivery(ofPost: post.id)
                return delivery.state == .published && delivery.error == nil
            }
        }

        #expect(facebook.texts == ["Race photos", "comment on remote-1: Results: https://example.org",
                                   "comment on remote-1: Results: https://example.org"], "the post once; only the comment again")
        #expect(try await harness.store.delivery(ofPost: post.id).parts?.map(\.kind) == ["post", "comment"])
    }

    @Test func aThreadsReplies_spendTheAccountsPostingBudget_whileAFacebookCommentDoesNot() async throws {
        let facebook = ScriptedConnector(network: .facebook)
        let budget = PublishBudget(rules: [.x: (PublishBudget.Rule(capacity: 2, window: 3_600), nil),
                                           .facebook: (PublishBudget.Rule(capacity: 1, window: 3_600), nil)])
        let harness = try EngineHarness(budget: budget, others: [facebook])
        let runner = try await harness.addAccount("runner")
        let page = try await harness.addAccount("club", network: .facebook)
        let thread = try await addThread(harness, runner, replies: ["part two", "part three"])
        let post = try await addThread(harness, page, first: "Race photos", replies: [], comment: "Results: https://example.org")

        try await harness.running {
            try await waitUntil {
                // Given back untouched to wait for the budget: waiting, with two parts out.
                let held = try await harness.store.delivery(ofPost: thread.id)
                return try await harness.state(ofPost: post.id) == .published && held.state == .scheduled && held.parts?.count == 2
            }
            #expect(harness.connector.callCount == 2, "part 3 waits for the budget: two posts per hour")
        }

        #expect(facebook.texts == ["Race photos", "comment on remote-1: Results: https://example.org"], "the comment spent no budget")
        let history = try await harness.store.history(postID: post.id)
        #expect(history.deliveries[0].attempts.map(\.outcome) == ["published", "commented"])
    }

    @Test func retry_refusesAPublishedPostWithNothingLeft() async throws {
        let harness = try EngineHarness()
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("plain", to: [account])
        try await harness.store.publishDue(at: Date())
        let delivery = try await harness.store.delivery(ofPost: post.id)
        await #expect(throws: StoreError.self) { try await harness.store.retryDelivery(id: delivery.id, force: false) }
    }
}
