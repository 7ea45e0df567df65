import Connectors
import Foundation
import SchedulerCore
@testable import SchedulerServices
import ServiceLifecycle
import Testing
@testable import Scheduler

/// The engine against a scripted connector: each outcome lands in the store as the product says.
@Suite(.timeLimit(.minutes(1))) struct EngineTests {
    @Test func aDuePost_isPublishedOnceAndRecordedWithItsRemoteIDAndURL() async throws {
        let harness = try EngineHarness()
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("Sunday Morning Run", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(delivery.remoteId == "remote-1")
        #expect(delivery.remoteUrl == "https://example.test/status/1")
        #expect(delivery.publishedAt != nil)
        #expect(delivery.attempts == 1)
        #expect(harness.connector.texts == ["Sunday Morning Run"])
        let attempts = try await harness.store.attempts(deliveryID: delivery.id)
        #expect(attempts.map(\.outcome) == ["published"])
        #expect(attempts.map(\.httpStatus) == [201])
    }

    @Test func aPostScheduledWhileRunning_isPublishedWhenItBecomesDue() async throws {
        let harness = try EngineHarness()
        let account = try await harness.addAccount("runner")

        try await harness.running {
            let post = try await harness.store.addPost("soon", due: Date().addingTimeInterval(0.3), to: [account], now: Date())
            harness.wake.signal()
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
            let publishedAt = try #require(try await harness.store.delivery(ofPost: post.id).publishedAt)
            #expect(publishedAt >= post.dueAt!)
        }
        #expect(harness.connector.callCount == 1)
    }

    /// Issue 25, bug 13: a post of a paused account becomes `missed`, with its event, when its lateness limit runs out,
    /// not whenever something else wakes the engine (up to a minute later, or at the resume).
    @Test func aPausedAccountsPost_isMissedWhenItsLimitRunsOut_withNothingElseWakingTheEngine() async throws {
        let harness = try EngineHarness()
        let account = try await harness.addAccount("runner")
        _ = try await harness.store.pause(account: account.reference, paused: true)
        try await harness.running {
            let post = try await harness.store.addPost("held", due: Date().addingTimeInterval(0.2), to: [account], lateness: 1, now: Date())
            harness.wake.signal()
            try await waitUntil(timeout: .seconds(5)) { try await harness.state(ofPost: post.id) == .missed }
            #expect(try await harness.store.recentEvents(10).contains { $0.event == "missed" && $0.postId == post.id })
        }
        #expect(harness.connector.callCount == 0)
    }

    @Test func theSealedCredentialsOfTheAccount_areWhatThePublishIsSignedWith() async throws {
        let harness = try EngineHarness(.fail(ConnectorError(code: .permanent, message: "refused")))
        let runner = try await harness.addAccount("runner")
        let club = try await harness.addAccount("club")
        let one = try await harness.addDuePost("one", to: [runner])
        let two = try await harness.addDuePost("two", to: [club])

        try await harness.running {
            try await waitUntil {
                let first = try await harness.state(ofPost: one.id)
                let second = try await harness.state(ofPost: two.id)
                return first == .failed && second == .failed
            }
        }

        #expect(Set(harness.connector.tokens) == ["token-runner", "token-club"])
        #expect(harness.connector.texts.count == 2)
    }

    @Test(arguments: [
        ConnectorError(code: .retryable, message: "X: Service Unavailable", httpStatus: 503),
        ConnectorError(code: .rateLimited, message: "X: Too Many Requests", httpStatus: 429),
    ])
    func aRetryableFailure_putsTheDeliveryInRetryingWithAFutureAttempt(error: ConnectorError) async throws {
        let harness = try EngineHarness(.fail(error))
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])
        let started = Date()

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .retrying }
        }

        let delivery = try await harness.store.delivery(ofPost: post.id)
        let next = try #require(delivery.nextAttemptAt)
        #expect(next > started.addingTimeInterval(400))  // base 600 s, jitter at most -20 %
        #expect(delivery.error == error.message)
        #expect(delivery.attempts == 1)
        let attempts = try await harness.store.attempts(deliveryID: delivery.id)
        #expect(attempts.count == 1)
        #expect(attempts.first?.errorClass == error.code.description)
        #expect(attempts.first?.httpStatus == error.httpStatus)
        #expect(harness.connector.callCount == 1)
    }

    @Test func aRateLimit_isRetriedNoEarlierThanTheNetworkAsked() async throws {
        let resetAt = Date().addingTimeInterval(7_200)
        let harness = try EngineHarness(.fail(ConnectorError(code: .rateLimited, message: "X: Too Many Requests", retryAt: resetAt)))
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .retrying }
        }

        let next = try #require(try await harness.store.delivery(ofPost: post.id).nextAttemptAt)
        #expect(abs(next.timeIntervalSince(resetAt)) < 0.01)
    }

    @Test func aRetryableFailureOnTheLastAttempt_failsTheDelivery() async throws {
        let harness = try EngineHarness(.fail(ConnectorError(code: .retryable, message: "X: Bad Gateway"))) { $0.retry.maxAttempts = 1 }
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .failed }
        }

        #expect(try await harness.store.delivery(ofPost: post.id).error == "gave up after 1 attempt: X: Bad Gateway")
    }

    @Test func aPermanentFailure_failsTheDeliveryWithTheNetworksMessage() async throws {
        let message = "X: You are not allowed to create a Tweet with duplicate content."
        let harness = try EngineHarness(.fail(ConnectorError(code: .permanent, message: message, httpStatus: 403)))
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .failed }
        }

        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(delivery.error == message)
        #expect(try await harness.store.attempts(deliveryID: delivery.id).first?.errorClass == "permanent")
        #expect(harness.connector.callCount == 1)
    }

    /// A refusal of the token rather than the post (issue 25): failed at once like any permanent refusal, recorded as the
    /// class `permission`, and the account flagged for status and doctor.
    @Test func aPermissionRefusal_failsTheDelivery_andFlagsTheAccount() async throws {
        var refusal = ConnectorError(code: .permanent, message: "X: Your client app is not configured with the appropriate oauth1 app permissions",
                                     httpStatus: 403)
        refusal.lacksPermission = true
        let harness = try EngineHarness(.fail(refusal))
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .failed }
        }

        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(try await harness.store.attempts(deliveryID: delivery.id).first?.errorClass == "permission")
        let flagged = try await harness.store.account(reference: "\(account.id)").permissionRefusal
        #expect(flagged?.deliveries == 1 && flagged?.reason == refusal.message)
    }

    @Test func anUncertainOutcome_waitsForALookUpInsteadOfSendingAgain() async throws {
        let harness = try EngineHarness(.fail(ConnectorError(code: .uncertain, message: "no answer from X after sending the post")))
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])
        let started = Date()

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .retrying }
        }

        #expect(try await harness.store.delivery(ofPost: post.id).error == "no answer from X after sending the post")
        #expect(try #require(try await harness.store.nextDueTime()) > started.addingTimeInterval(400))
        #expect(harness.connector.callCount == 1)
        #expect(harness.connector.lookUps.isEmpty)
    }

    @Test func anAuthFailure_flagsTheAccountForRelinkAndHoldsTheDelivery() async throws {
        let harness = try EngineHarness(.fail(ConnectorError(code: .authFailure, message: "X: Unauthorized", httpStatus: 401)))
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.store.account(reference: "runner").status == .needsRelink }
            try await waitUntil { try await harness.state(ofPost: post.id) == .retrying }
        }

        let delivery = try await harness.store.delivery(ofPost: post.id)
        #expect(delivery.error?.contains("relinked") == true)
        #expect(try await harness.store.nextDueTime() == nil)
        #expect(harness.connector.callCount == 1)
    }

    @Test func credentialsThatCannotBeOpened_countAsAnAuthFailure() async throws {
        let harness = try EngineHarness()
        let account = try await harness.store.addAccount("runner", vault: try CredentialVault(key: testKey(99)))
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.store.account(reference: "runner").status == .needsRelink }
        }

        #expect(try await harness.store.delivery(ofPost: post.id).error?.contains("X unavailable: login error") == true)
        #expect(harness.connector.callCount == 0)
    }

    @Test func perAccountConcurrency_isNeverExceeded() async throws {
        let harness = try EngineHarness(.block) { $0.perAccountConcurrency = 2 }
        let runner = try await harness.addAccount("runner")
        let club = try await harness.addAccount("club")
        for index in 0..<5 {
            try await harness.addDuePost("runner \(index)", to: [runner])
            try await harness.addDuePost("club \(index)", to: [club])
        }

        try await harness.running {
            await waitUntil { harness.connector.active == 4 }
            for released in 1...10 {
                harness.connector.release()
                await waitUntil { harness.connector.finished == released }
            }
            try await waitUntil { try await harness.store.deliveryCount(in: .published) == 10 }
        }

        #expect(harness.connector.maxActive(token: "token-runner") == 2)
        #expect(harness.connector.maxActive(token: "token-club") == 2)
        #expect(harness.connector.callCount == 10)
    }

    @Test func maxConcurrentPublishes_capsTheClaimsInFlight() async throws {
        let harness = try EngineHarness(.block) {
            $0.maxConcurrentPublishes = 3
            $0.perAccountConcurrency = 10
        }
        let account = try await harness.addAccount("runner")
        for index in 0..<6 { try await harness.addDuePost("post \(index)", to: [account]) }

        try await harness.running {
            await waitUntil { harness.connector.active == 3 }
            #expect(try await harness.store.deliveryCount(in: .publishing) == 3)
            #expect(try await harness.store.deliveryCount(in: .scheduled) == 3)
            harness.connector.release(6)
            try await waitUntil { try await harness.store.deliveryCount(in: .published) == 6 }
        }

        #expect(harness.connector.maxActive == 3)
    }

    @Test func gracefulShutdown_letsTheInFlightPublishFinishAndReleasesWhatHadNotStarted() async throws {
        let harness = try EngineHarness(.block) { $0.perAccountConcurrency = 1 }
        let account = try await harness.addAccount("runner")
        let first = try await harness.addDuePost("first", to: [account])
        let second = try await harness.addDuePost("second", to: [account])
        let group = ServiceGroup(services: [harness.engine], logger: EngineHarness.logger)

        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            await waitUntil { harness.connector.active == 1 }
            #expect(try await harness.store.deliveryCount(in: .publishing) == 2)

            await group.triggerGracefulShutdown()
            await waitUntil { harness.log.contains("engine stopping; waiting for publishes in flight") }
            #expect(try await harness.store.deliveryCount(in: .published) == 0)
            harness.connector.release()
            try await tasks.waitForAll()
        }

        #expect(try await harness.state(ofPost: first.id) == .published)
        let released = try await harness.store.delivery(ofPost: second.id)
        #expect(released.state == .scheduled)
        #expect(released.attempts == 0)
        #expect(try await harness.store.deliveryCount(in: .publishing) == 0)
        #expect(harness.connector.texts == ["first"])
    }
}
