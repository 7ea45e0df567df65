import Connectors
import Foundation
import Logging
import Metrics
import MetricsTestKit
import Prometheus
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServer
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// What the engine records through swift-metrics for a publish, and what a Prometheus scrape shows.
@Suite(.timeLimit(.minutes(1))) struct EngineMetricsTests {
    private let x = [("network", "x")]

    @Test func aPublish_countsOnePublishedAttempt_andRecordsItsDurationAndLateness() async throws {
        let recorded = TestMetrics()
        let harness = try EngineHarness(metrics: SchedulerMetrics(factory: recorded))
        let account = try await harness.addAccount("runner")
        // Due a second ago: it goes out about a second late.
        let post = try await harness.addDuePost("Sunday Morning Run", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }

        #expect(try recorded.expectCounter(SchedulerMetrics.Name.attempts, x + [("outcome", "published")]).totalValue == 1)
        #expect(recorded.counterTotal(label: SchedulerMetrics.Name.attempts) == 1, "no other outcome was counted")
        let duration = try recorded.expectTimer(SchedulerMetrics.Name.publishDuration, x)
        #expect(duration.values.count == 1)
        let lateness = try recorded.expectTimer(SchedulerMetrics.Name.lateness, x)
        #expect(lateness.values.count == 1)
        #expect(try #require(lateness.lastValue) >= 900_000_000, "the post was due a second before it went out")
        #expect(try #require(lateness.lastValue) < 30_000_000_000)
    }

    @Test func aRefusedPublish_isCountedByItsErrorClass_andRecordsNoLateness() async throws {
        let recorded = TestMetrics()
        let harness = try EngineHarness(.fail(ConnectorError(code: .rateLimited, message: "X: Too Many Requests", httpStatus: 429)),
                                        metrics: SchedulerMetrics(factory: recorded))
        let account = try await harness.addAccount("runner")
        let post = try await harness.addDuePost("hello", to: [account])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: post.id) == .retrying }
        }

        #expect(try recorded.expectCounter(SchedulerMetrics.Name.attempts, x + [("outcome", "rate_limited")]).totalValue == 1)
        #expect(try recorded.expectCounter(SchedulerMetrics.Name.attempts, x + [("outcome", "published")]).totalValue == 0)
        #expect(try recorded.expectTimer(SchedulerMetrics.Name.lateness, x).values.isEmpty)
    }

    @Test func theInstruments_areMadeOnceForEveryNetworkAndOutcome_notPerPublish() throws {
        let recorded = TestMetrics()
        let metrics = SchedulerMetrics(factory: recorded)
        let made = recorded.counters.count
        #expect(made == Network.allCases.count * (SchedulerMetrics.AttemptOutcome.allCases.count + 1 + SchedulerMetrics.RenewalOutcome.allCases.count)
                + SchedulerMetrics.Hook.allCases.count)
        for _ in 0..<100 { metrics.attempted(.linkedin, .published, seconds: 0.2) }
        #expect(recorded.counters.count == made)
        #expect(recorded.counterTotal(label: SchedulerMetrics.Name.attempts, dimensions: [("network", "linkedin"), ("outcome", "published")]) == 100)
    }

    @Test func aScrape_showsDeliveriesByNetworkAndState_fromTheKeptCounts_andTheProcessMemory() async throws {
        let store = try SQLiteStore.inMemory()
        let vault = try CredentialVault(key: testKey())
        let runner = try await store.addAccount("runner", vault: vault)
        let page = try await store.addAccount("club", network: .facebook, vault: vault)
        _ = try await store.addPost("one", due: Date().addingTimeInterval(3_600), to: [runner, page], now: Date())
        _ = try await store.addPost("two", due: Date().addingTimeInterval(7_200), to: [runner], now: Date())
        let endpoint = PrometheusEndpoint(listen: try ListenAddress("127.0.0.1:0"), logger: Logger(label: "test"))
        endpoint.readCounts(from: store)

        let text = try await scrape(endpoint)

        #expect(text.contains(#"schedulerd_deliveries{network="x",state="scheduled"} 2"#), "\(text)")
        #expect(text.contains(#"schedulerd_deliveries{network="facebook",state="scheduled"} 1"#))
        #expect(text.contains(#"schedulerd_deliveries{network="linkedin",state="published"} 0"#), "every network and state is shown, 0 too")
        let resident = try #require(text.split(separator: "\n").first { $0.hasPrefix("process_resident_memory_bytes ") })
        #expect((Double(resident.split(separator: " ")[1]) ?? 0) > 1_000_000, "\(resident)")
    }

    @Test func theEndpoint_histogramsAPublishsDurationAndLatenessInSeconds() async throws {
        let endpoint = PrometheusEndpoint(listen: try ListenAddress("127.0.0.1:0"), logger: Logger(label: "test"))
        let metrics = SchedulerMetrics(factory: endpoint.factory)
        metrics.attempted(.x, .published, seconds: 0.2)
        metrics.published(.x, late: 120)

        let text = try await scrape(endpoint)

        #expect(text.contains(#"schedulerd_publish_attempts_total{network="x",outcome="published"} 1"#), "\(text)")
        #expect(text.contains(#"schedulerd_publish_duration_seconds_bucket{network="x",le="0.25"} 1"#))
        #expect(text.contains(#"schedulerd_publish_duration_seconds_bucket{network="x",le="0.1"} 0"#))
        #expect(text.contains(#"schedulerd_publish_lateness_seconds_bucket{network="x",le="300.0"} 1"#))
        #expect(text.contains(#"schedulerd_publish_lateness_seconds_bucket{network="x",le="60.0"} 0"#))
    }

    @Test func processMemory_isReadFromStatmPages() {
        #expect(ProcessMemory.parse("2048 512 100 1 0 300 0\n", pageSize: 4_096)
                == .init(residentBytes: 512 * 4_096, virtualBytes: 2_048 * 4_096, fileResidentBytes: 100 * 4_096))
        #expect(ProcessMemory.parse("garbage", pageSize: 4_096) == nil)
    }

    private func scrape(_ endpoint: PrometheusEndpoint) async throws -> String {
        String(decoding: await endpoint.exposition(), as: UTF8.self)
    }
}
