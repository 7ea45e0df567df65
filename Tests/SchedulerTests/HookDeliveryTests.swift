import Foundation
import HTTPClient
import Logging
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
import TestHTTPReceiver
import Testing
@testable import Scheduler

/// Hooks are told at least once, even across an outage: an event counts as told only when every configured
/// hook accepted it; until then it is retried in order with backoff, and given up a day after it happened.
@Suite struct HookDeliveryTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    /// Short waits so a test sees several retries within a second.
    static let fastRetry = HookRetryPolicy(baseDelay: 0.05, maxDelay: 0.2)

    @Test(arguments: StoreBackend.allCases)
    func aWebhookThatIsDownForAWhile_receivesEveryEventOnceItIsBack_inOrder(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let reserved = try ReservedPort()
            let port = reserved.port
            let webhook = "http://127.0.0.1:\(port)/hook/secret-topic?token=hunter2"
            let bus = EventBus(store: store, notifier: Notifier(command: nil, webhookURL: webhook, transport: CurlHTTPClient(), logger: Self.quiet),
                               retry: Self.fastRetry, logger: Self.quiet)
            let running = Task { try await bus.run() }
            defer { running.cancel() }
            let ids = try await Self.storeEvents(store, count: 5)

            await waitUntil { (try? await Self.summaryHooks(store))?.waiting == 5 }
            let failing = try #require(try await Self.summaryHooks(store))
            #expect(failing.lastError?.contains("webhook unreachable") == true, "\(failing)")
            #expect(failing.lastError?.contains("hunter2") == false && failing.lastError?.contains("secret-topic") == false, "no secret: \(failing)")
            try await waitUntil(timeout: .seconds(30)) { try await store.pendingHookEvents(limit: 10).first.map { $0.attempts >= 3 } ?? false }

            let receiver = try HTTPReceiver(reserved)
            defer { receiver.stop() }
            try await waitUntil(timeout: .seconds(10)) { try await store.pendingHookEvents(limit: 10).isEmpty }

            let received = try receiver.bodies.map { try JSONCoding.decoder().decode(EventView.self, from: Data($0.utf8)) }
            #expect(received.map(\.deliveryId) == ids, "every event once, in order")
            #expect(try await Self.summaryHooks(store) == nil, "nothing waiting, nothing given up")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aHookThatAccepted_isNotToldAgainWhileTheOtherIsRetried(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let directory = try TemporaryDirectory()
            let log = directory.file("told")
            let down = try ReservedPort()
            let notifier = Notifier(command: ["/bin/sh", "-c", "cat >> \"$0\"; echo >> \"$0\"", log],
                                    webhookURL: "http://127.0.0.1:\(down.port)/down", transport: CurlHTTPClient(), logger: Self.quiet)
            let bus = EventBus(store: store, notifier: notifier, retry: Self.fastRetry, logger: Self.quiet)
            let running = Task { try await bus.run() }
            defer { running.cancel() }
            _ = try await Self.storeEvents(store, count: 1)

            try await waitUntil(timeout: .seconds(30)) { try await store.pendingHookEvents(limit: 1).first.map { $0.attempts >= 3 } ?? false }

            let pending = try #require(try await store.pendingHookEvents(limit: 1).first)
            #expect(pending.accepted == .command)
            let told = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            #expect(told.count == 1, "the command accepted the event once and was not run again: \(told)")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anEventNoHookAcceptedWithinADay_isGivenUp_andCounted(_ backend: StoreBackend) async throws {
        try await backend.withStore { store in
            let bus = EventBus(store: store, notifier: Notifier(command: ["/bin/false"], webhookURL: nil, transport: CurlHTTPClient(), logger: Self.quiet),
                               retry: Self.fastRetry, logger: Self.quiet)
            _ = try await Self.storeEvents(store, count: 1, at: Date().addingTimeInterval(-HookRetryPolicy.giveUpAfter - 60))
            let running = Task { try await bus.run() }
            defer { running.cancel() }

            try await waitUntil { try await store.pendingHookEvents(limit: 1).isEmpty }

            #expect(try await Self.summaryHooks(store) == HookBacklogRecord(waiting: 0, waitingSince: nil, lastError: nil, givenUp: 1))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func settlingAtStart_countsDayOldEventsAsGivenUp_onlyWhenHooksAreConfigured(_ backend: StoreBackend) async throws {
        for configured in [true, false] {
            try await backend.withStore { store in
                _ = try await Self.storeEvents(store, count: 2, at: Date().addingTimeInterval(-HookRetryPolicy.giveUpAfter - 60))
                _ = try await Self.storeEvents(store, count: 1)

                try await store.settleOldEvents(before: Date().addingTimeInterval(-HookRetryPolicy.giveUpAfter), retention: EventBus.retention,
                                                hooksConfigured: configured)

                #expect(try await store.pendingHookEvents(limit: 10).count == 1, "the recent event is still to be told")
                #expect(try await Self.summaryHooks(store)?.givenUp == (configured ? 2 : nil))
            }
        }
    }

    @Test func command_thatFails_isReportedWithItsStatus_andNotAccepted() async throws {
        let notifier = Notifier(command: ["/bin/sh", "-c", "exit 3"], webhookURL: nil, transport: CurlHTTPClient(), logger: Self.quiet)

        let outcome = await notifier.notify(EventView(event: "published", at: Date(), message: "published"))

        #expect(outcome.accepted.isEmpty)
        #expect(outcome.failures == ["command /bin/sh exited with status 3"])
    }

    @Test func command_thatExitsWithoutReadingTheEvent_isReportedNotFatal() async throws {
        // Writing to a command that never reads its input must not raise SIGPIPE in the daemon (this test process).
        let notifier = Notifier(command: ["/bin/sh", "-c", "exec 0<&-; exit 4"], webhookURL: nil, transport: CurlHTTPClient(), logger: Self.quiet)
        let big = String(repeating: "long caption ", count: 100_000)

        for _ in 1...5 {
            let outcome = await notifier.notify(EventView(event: "handed_off", at: Date(), message: "post it", caption: big))
            #expect(outcome.failures == ["command /bin/sh exited with status 4"])
        }
    }

    @Test func retryPolicy_doublesFromTheBase_upToTheCap() {
        let policy = HookRetryPolicy()
        #expect((1...11).map { policy.delay(afterFailures: $0) } == [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300])
        #expect(policy.giveUpAt(eventTime: Date(timeIntervalSince1970: 0)) == Date(timeIntervalSince1970: 86_400))
    }

    /// Stores `count` published events (one transaction each, as the engine does) and returns their delivery ids.
    static func storeEvents(_ store: any StoreInspection, count: Int, at: Date = Date()) async throws -> [Int64] {
        var ids: [Int64] = []
        for number in 1...count {
            let deliveryID = Int64(100 + number)
            try await store.storeEvent(EventRecord(event: "published", at: at, postId: Int64(number), deliveryId: deliveryID, message: "post \(number)"))
            ids.append(deliveryID)
        }
        return ids
    }

    /// What `status` shows about the hooks.
    static func summaryHooks(_ store: any StoreInspection) async throws -> HookBacklogRecord? {
        try await store.summary().hooks
    }
}
