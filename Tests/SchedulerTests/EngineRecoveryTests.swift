import Connectors
import Foundation
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// After a crash or an unanswered request, the engine looks on the network before it sends anything
/// again; budgets hold back what the network would refuse; pause holds everything.
@Suite(.timeLimit(.minutes(1))) struct EngineRecoveryTests {
    /// A delivery left `publishing` by a crash, returned for checking as the next start does.
    func interrupted(_ harness: EngineHarness, text: String = "hello", lateness: Int = 3_600, dueAgo: TimeInterval = 1) async throws -> PostRecord {
        let account = try await harness.addAccount("runner")
        let post = try await harness.store.addPost(text, due: Date().addingTimeInterval(-dueAgo), to: [account], lateness: lateness, now: Date())
        #expect(try await harness.store.claimDue(now: Date(), limit: 1).claimed.count == 1)
        #expect(try await harness.store.returnClaimsForChecking(lookUpAt: Date(), reason: "schedulerd stopped while this was being published") == 1)
        return post
    }

    @Test func anInterruptedDeliveryFoundOnTheNetwork_isPublishedWithoutASecondRequest() async throws {
        let harness = try EngineHarness()
        harness.connector.script(lookUp: .found(7))
        let post = try await interrupted(harness)

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        #expect(harness.connector.callCount == 0, "never published twice")
        #expect(harness.connector.lookUps.count == 1)
        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(delivery.remoteId == "remote-7")
        let attempts = try await harness.store.attempts(deliveryID: delivery.id)
        #expect(attempts.map(\.outcome) == ["interrupted", "found"])
        let events = try await harness.store.recentEvents(10)
        #expect(events.map(\.event) == ["published"])
        #expect(events.first?.message.contains("found") == true)
    }

    @Test func anInterruptedDeliveryDefinitelyAbsent_isPublishedOnce() async throws {
        let harness = try EngineHarness()
        harness.connector.script(lookUp: .absent)
        let post = try await interrupted(harness)
        let claimedAt = try #require(try await harness.store.delivery(ofPost: post.id).nextAttemptAt)

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        #expect(harness.connector.callCount == 1)
        #expect(harness.connector.lookUps.count == 2, "looked once, and again after the listing lag, before sending")
        #expect(try #require(harness.connector.lookUps.first) <= claimedAt, "the look-up searches from the first claim")
        let times = harness.connector.lookUpTimes
        #expect(times[1].timeIntervalSince(times[0]) >= 0.1 - 0.001, "the second look waited out the listing lag")
        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(try await harness.store.attempts(deliveryID: delivery.id).map(\.outcome) == ["interrupted", "not_found", "not_found", "published"])
        #expect(delivery.attempts == 2, "looking again is not counted as an attempt")
    }

    @Test func aRequestInDoubtThatPutNothingOut_givesItsBudgetShareBack_onceTheLookUpsFindNothing() async throws {
        let budget = PublishBudget(rules: [.x: (PublishBudget.Rule(capacity: 3, window: 86_400), nil)])
        let harness = try EngineHarness(budget: budget)
        harness.connector.script(lookUp: .absent)
        let post = try await interrupted(harness)
        let account = try await harness.store.delivery(ofPost: post.id).accountId
        // The interrupted request's share, kept as the daemon that made it kept it.
        #expect(await budget.reserve(accountID: account, network: .x, now: Date()) == nil)

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        #expect(harness.connector.callCount == 1, "published once")
        let now = Date()
        #expect(await budget.reserve(accountID: account, network: .x, now: now) == nil, "two of three left: one post went out")
        #expect(await budget.reserve(accountID: account, network: .x, now: now) == nil, "the share kept in doubt came back")
        #expect(await budget.reserve(accountID: account, network: .x, now: now) != nil, "and no more than that")
    }

    @Test func aLookUpThatFailsForNow_isTriedAgainBeforeAnyPublish() async throws {
        let harness = try EngineHarness { $0.retry.baseSeconds = 0.05; $0.retry.maxSeconds = 0.1 }
        harness.connector.script(lookUp: .fail(ConnectorError(code: .retryable, message: "X: Service Unavailable", httpStatus: 503)))
        let post = try await interrupted(harness)

        try await harness.running {
            await waitUntil { harness.connector.lookUps.count >= 2 }
            #expect(harness.connector.callCount == 0)
            harness.connector.script(lookUp: .found(3))
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        #expect(harness.connector.callCount == 0, "nothing was sent while the check kept failing")
    }

    @Test func aLookUpTheNetworkCannotAnswer_leavesTheDeliveryUnknownWithAnEvent() async throws {
        let harness = try EngineHarness()
        harness.connector.script(lookUp: .fail(ConnectorError(code: .permanent, message: "LinkedIn: Not enough permissions to read posts", httpStatus: 403)))
        let post = try await interrupted(harness)

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .unknown }
        }

        #expect(harness.connector.callCount == 0)
        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(delivery.error?.contains("could not be checked") == true)
        let event = try #require(try await harness.store.recentEvents(10).last)
        #expect(event.event == "unknown" && event.deliveryId == delivery.id)
        #expect(event.confirm?.contains("schedctl resolve \(post.id) --delivery \(delivery.id) --published URL") == true, "\(event.confirm ?? "")")
    }

    @Test func anInterruptedDeliveryAbsentAndPastItsLatenessLimit_isMissedNotSent() async throws {
        let harness = try EngineHarness()
        let post = try await interrupted(harness, lateness: 3, dueAgo: 0.2)
        await waitUntil { Date() > post.dueAt!.addingTimeInterval(3.1) }

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .missed }
        }

        #expect(harness.connector.callCount == 0)
        #expect(harness.connector.lookUps.count == 2, "not there, and still not there after the listing lag")
        #expect(try await harness.store.recentEvents(10).map(\.event) == ["missed"])
    }

    @Test func anUncertainAnswer_isLookedUpOnTheNextTurn_andNotSentAgainWhenFound() async throws {
        let harness = try EngineHarness(.fail(ConnectorError(code: .uncertain, message: "no answer from X after sending the post"))) {
            $0.retry.baseSeconds = 0.05
        }
        harness.connector.script(lookUp: .found(1))
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        #expect(harness.connector.callCount == 1)
        #expect(harness.connector.lookUps.count == 1)
    }

    /// Every request dropped on the way (no answer, nothing published): the last attempt is looked up like the
    /// others, and a delivery the network shows absent ends `failed` (it is not out), never `unknown`.
    @Test func aDroppedLastAttempt_isLookedUpOnceMore_andFailsWhenAbsent_withoutSendingAgain() async throws {
        let harness = try EngineHarness(.fail(ConnectorError(code: .uncertain, message: "no answer from X after sending the post"))) {
            $0.retry.baseSeconds = 0.05; $0.retry.maxAttempts = 2
        }
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .failed }
        }

        #expect(harness.connector.callCount == 2, "sent as often as the limit allows, and not once more")
        #expect(harness.connector.lookUps.count == 4, "each request in doubt looked up twice, across the listing lag")
        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(delivery.error?.contains("gave up after 2 attempts") == true, "\(delivery.error ?? "")")
        #expect(delivery.error?.contains("shows no such post") == true, "\(delivery.error ?? "")")
        #expect(try await harness.store.attempts(deliveryID: delivery.id).map(\.outcome).suffix(3) == ["error", "not_found", "not_found"])
        #expect(try await harness.store.recentEvents(10).map(\.event) == ["failed"])
    }

    @Test func aLastAttemptInDoubt_thatDidLand_isFoundByTheLookUpAfterIt_andPublished() async throws {
        let harness = try EngineHarness(.fail(ConnectorError(code: .uncertain, message: "no answer from X after sending the post"))) {
            $0.retry.baseSeconds = 0.05; $0.retry.maxAttempts = 2
        }
        harness.connector.script(lookUps: [.absent, .absent, .absent, .found(1)])
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        #expect(harness.connector.callCount == 2)
        #expect(harness.connector.lookUps.count == 4, "found on the second look after the last attempt")
    }

    @Test func aLookUpAfterTheLastAttemptThatFails_leavesTheDeliveryUnknown_sayingSo() async throws {
        let harness = try EngineHarness(.fail(ConnectorError(code: .uncertain, message: "no answer from X after sending the post"))) {
            $0.retry.baseSeconds = 0.05; $0.retry.maxAttempts = 1
        }
        harness.connector.script(lookUp: .fail(ConnectorError(code: .retryable, message: "X: Service Unavailable", httpStatus: 503)))
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .unknown }
        }

        #expect(harness.connector.callCount == 1)
        #expect(harness.connector.lookUps.count == 1)
        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(delivery.error == "gave up after 1 attempt, the last of which may have published, and the look-up after it failed: X: Service Unavailable")
    }

    @Test func aBudgetOfTwo_sendsTwoAndHoldsTheRestBackUntilItRefills() async throws {
        let budget = PublishBudget(rules: [.x: (PublishBudget.Rule(capacity: 2, window: 3_600), nil)])
        let harness = try EngineHarness(budget: budget)
        let account = try await harness.addAccount("runner")
        var posts: [PostRecord] = []
        for number in 1...5 { posts.append(try await harness.addDuePost("post \(number)", to: [account])) }

        try await harness.running {
            await waitUntil { harness.connector.callCount == 2 }
            try await waitUntil { try await harness.store.summary().throttled?.deliveries == 3 }
        }

        let throttled = try #require(try await harness.store.summary().throttled)
        #expect(throttled.from > Date().addingTimeInterval(1_500), "one post per 30 minutes after the burst of two")
        #expect(harness.connector.callCount == 2)
    }

    @Test func aRateLimitHint_blocksTheAccountUntilItsReset() async throws {
        let reset = Date().addingTimeInterval(900)
        let harness = try EngineHarness(.fail(ConnectorError(code: .rateLimited, message: "X: Too Many Requests", retryAt: reset, httpStatus: 429)))
        let account = try await harness.addAccount("runner")
        let first = try await harness.addDuePost("first", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: first.id) == .retrying }
            let second = try await harness.addDuePost("second", to: [account])
            try await waitUntil { try await harness.store.summary().throttled != nil }
            #expect(try await harness.state(ofPost: second.id) == .scheduled)
        }

        #expect(harness.connector.callCount == 1, "the second post was not sent into the 429")
        let throttled = try #require(try await harness.store.summary().throttled)
        #expect(throttled.from >= reset.addingTimeInterval(-0.001), "stored to the millisecond")
    }

    @Test func pausedEverywhere_nothingIsSent_untilResumed() async throws {
        let harness = try EngineHarness()
        let account = try await harness.addAccount("runner")
        _ = try await harness.store.pause(account: nil, paused: true)
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await Task.sleep(for: .milliseconds(200))
            #expect(harness.connector.callCount == 0)
            #expect(try await harness.store.nextDueTime() == nil)
            #expect(try await harness.store.summary().paused?.everything == true)
            _ = try await harness.store.pause(account: nil, paused: false)
            harness.wake.signal()
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }
    }

    @Test func aPausedAccount_waits_whileOthersPublish() async throws {
        let harness = try EngineHarness()
        let paused = try await harness.addAccount("paused")
        let active = try await harness.addAccount("active")
        _ = try await harness.store.pause(account: paused.reference, paused: true)
        let held = try await harness.addDuePost("held", to: [paused])
        let sent = try await harness.addDuePost("sent", to: [active])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: sent.id) == .published }
        }

        #expect(try await harness.state(ofPost: held.id) == .scheduled)
        #expect(try await harness.store.summary().paused?.accounts == [paused.reference])
    }
}

/// The budgets on their own.
@Suite struct PublishBudgetTests {
    let now = referenceNow

    @Test func aSpentLimitWithAReset_blocksUntilTheResetOnly_notForADaysRefill() async {
        let budget = PublishBudget()
        let reset = now.addingTimeInterval(2)
        await budget.observe(RateLimitHint(scope: .account, remaining: 0, resetAt: reset), accountID: 1, network: .linkedin, now: now)

        #expect(await budget.reserve(accountID: 1, network: .linkedin, now: now.addingTimeInterval(1)) == reset)
        #expect(await budget.reserve(accountID: 1, network: .linkedin, now: reset) == nil, "the network's window starts afresh at the reset")
        #expect(await budget.reserve(accountID: 2, network: .linkedin, now: now) == nil, "another account is not blocked")
    }

    @Test func anAppWideLimit_blocksEveryAccountOfThatNetwork() async {
        let budget = PublishBudget()
        let reset = now.addingTimeInterval(300)
        await budget.observe(RateLimitHint(scope: .network, remaining: 0, resetAt: reset), accountID: 1, network: .x, now: now)

        #expect(await budget.reserve(accountID: 7, network: .x, now: now) == reset)
        #expect(await budget.reserve(accountID: 7, network: .linkedin, now: now) == nil)
    }

    @Test func aBurst_isSpreadAtTheRefillRate() async {
        let budget = PublishBudget(rules: [.x: (PublishBudget.Rule(capacity: 3, window: 90), nil)])
        for _ in 1...3 { #expect(await budget.reserve(accountID: 1, network: .x, now: now) == nil) }
        let next = await budget.reserve(accountID: 1, network: .x, now: now)
        #expect(next == now.addingTimeInterval(30), "one post per 30 s once the burst of three is spent")
        #expect(await budget.reserve(accountID: 1, network: .x, now: now.addingTimeInterval(30)) == nil)
    }

    @Test func requestsSentBeforeARestart_countAgainstTheBudget() async {
        let budget = PublishBudget(rules: [.x: (PublishBudget.Rule(capacity: 100, window: 900), nil)])
        await budget.seed(accountID: 1, network: .x, sent: 100, now: now)
        #expect(await budget.reserve(accountID: 1, network: .x, now: now) == now.addingTimeInterval(9))
    }

    @Test func fewerCallsLeftThanWeThought_lowersTheBudget() async {
        let budget = PublishBudget(rules: [.x: (PublishBudget.Rule(capacity: 100, window: 900), nil)])
        await budget.observe(RateLimitHint(scope: .account, remaining: 1, resetAt: now.addingTimeInterval(900)), accountID: 1, network: .x, now: now)
        #expect(await budget.reserve(accountID: 1, network: .x, now: now) == nil)
        #expect(await budget.reserve(accountID: 1, network: .x, now: now) != nil)
    }
}

extension PublishBudgetTests {
    @Test func anAttemptThatPublishedNothing_givesItsShareBack() async {
        let budget = PublishBudget(rules: [.instagram: (PublishBudget.Rule(capacity: 2, window: 86_400), nil)])
        #expect(await budget.reserve(accountID: 1, network: .instagram, now: now) == nil)
        #expect(await budget.reserve(accountID: 1, network: .instagram, now: now) == nil)
        #expect(await budget.reserve(accountID: 1, network: .instagram, now: now) != nil)
        await budget.refund(accountID: 1, network: .instagram)
        #expect(await budget.reserve(accountID: 1, network: .instagram, now: now) == nil, "a failed attempt does not use a day's post")
    }
}
