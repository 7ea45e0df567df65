import CoreMetrics
import Foundation
import Hummingbird
import Logging
import Metrics
import NIOCore
import Prometheus
import SchedulerDomain
import SchedulerServices
import ServiceLifecycle
import Synchronization

/// The Prometheus side of the metrics, and the only code that knows it: the registry the daemon's instruments record
/// into (through swift-metrics, bootstrapped here), and `GET /metrics` serving it over HTTP on `[metrics] listen`.
package final class PrometheusEndpoint: Service, Sendable {
    package let registry = PrometheusCollectorRegistry()
    /// What the instruments are made with: this registry, with buckets that fit a publish's duration and lateness.
    package let factory: PrometheusMetricsFactory
    private let listen: ListenAddress
    private let connections: ConnectionGuard
    private let logger: Logger
    private let gauges = Mutex<ScrapedGauges?>(nil)
    private let address = AsyncStream<String>.makeStream()

    /// `descriptors`: the budget the daemon's listeners share; a test's endpoint gets one of its own.
    package init(listen: ListenAddress, descriptors: DescriptorBudget = DescriptorBudget(connections: 64), logger: Logger) {
        self.listen = listen
        self.logger = logger
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets = [
            // A request to a network: tens of milliseconds to the request timeout.
            SchedulerMetrics.Name.publishDuration: [.milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
                                                    .milliseconds(500), .seconds(1), .milliseconds(2_500), .seconds(5), .seconds(10),
                                                    .seconds(30), .seconds(60)],
            // After the due time: on time is well under a second; a retry or a restart makes minutes, up to the lateness limit.
            SchedulerMetrics.Name.lateness: [.milliseconds(10), .milliseconds(50), .milliseconds(100), .milliseconds(250),
                                             .milliseconds(500), .seconds(1), .seconds(5), .seconds(30), .seconds(60), .seconds(300),
                                             .seconds(900), .seconds(3_600), .seconds(4 * 3_600)],
        ]
        self.factory = factory
        Self.bootstrapOnce(factory)
        connections = ConnectionGuard(listener: "metrics", limits: .metrics, descriptors: descriptors, logger: logger, factory: factory)
    }

    /// Where a scrape's gauges are read from; set once the store is open.
    package func readCounts(from store: any DeliveryCountStore) {
        let scraped = ScrapedGauges(store: store, factory: factory, logger: logger)
        gauges.withLock { $0 = scraped }
    }

    /// The address it listens on, once it does (`listen`'s port 0 made concrete).
    package func boundAddress() async -> String? {
        var iterator = address.stream.makeAsyncIterator()
        return await iterator.next()
    }

    package var description: String { "PrometheusEndpoint" }

    package func run() async throws {
        let router = Router()
        router.get("metrics") { _, _ -> Response in
            await self.scrape()
        }
        let continuation = address.continuation
        let logger = logger
        try await listen.serve(router, key: "[metrics] listen", connections: connections, logger: logger) { bound in
            logger.info("metrics endpoint ready", metadata: ["metrics.address": "\(bound)", "metrics.path": "/metrics"])
            continuation.yield(bound)
            continuation.finish()
        }
    }

    /// The system's reason (`Address already in use`) without NIO's call and `(errno: 98)`, which a message in
    /// parentheses doubled (issue 25, bug 16).
    package static func reason(_ error: any Error) -> String {
        guard let io = error as? IOError else { return "\(error)" }
        return String(cString: strerror(io.errnoCode))
    }

    /// Every instrument's value now, in Prometheus' text format.
    package func scrape() async -> Response {
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(bytes: await exposition())))
    }

    /// The scraped gauges read now, and every instrument in the exposition format.
    package func exposition() async -> [UInt8] {
        let scraped = gauges.withLock { $0 }
        await scraped?.refresh()
        return registry.emitToBuffer()
    }

    /// swift-metrics is bootstrapped once per process; a second endpoint (a test starting daemons in one process)
    /// records through its own factory, which the daemon hands its instruments explicitly.
    private static let bootstrapped = Mutex(false)

    private static func bootstrapOnce(_ factory: PrometheusMetricsFactory) {
        let first = bootstrapped.withLock { done in
            defer { done = true }
            return !done
        }
        if first { MetricsSystem.bootstrap(factory) }
    }
}
