import Connectors
import Foundation
import Metrics
import SchedulerCore
import SchedulerDomain

/// What the engine, the credential provider and the hooks count, through swift-metrics' API only: the daemon decides
/// where it goes (the Prometheus registry when `[metrics] listen` is set, nowhere otherwise).
///
/// Every instrument is made once, here, for every network and outcome: recording a publish looks two enums up in
/// small dictionaries and builds no label strings, since the engine publishes thousands a second.
package struct SchedulerMetrics: Sendable {
    /// The names a scrape shows; `_total` and `_seconds` as Prometheus names counters and durations.
    package enum Name {
        package static let attempts = "schedulerd_publish_attempts_total"
        package static let publishDuration = "schedulerd_publish_duration_seconds"
        package static let lateness = "schedulerd_publish_lateness_seconds"
        package static let rateLimitHolds = "schedulerd_rate_limit_holds_total"
        package static let tokenRenewals = "schedulerd_token_renewals_total"
        package static let hookFailures = "schedulerd_hook_failures_total"
        /// Connections a listener refused or closed to keep answering (``ConnectionGuard``), by listener and reason.
        package static let connectionsDropped = "schedulerd_connections_dropped_total"
        /// The store's failures (``StoreHealth``), by activity (`publishing`, `recording`, `changes`) and cause.
        package static let storeFailures = "schedulerd_store_failures_total"
        /// 1 while an activity's store calls fail, 0 once they work again.
        package static let storeFailing = "schedulerd_store_failing"
        /// The web app's sign-ins by outcome (`ok`, `failed`, `throttled`): ``WebSignInCounters``.
        package static let webSignIns = "schedulerd_web_signins_total"
    }

    /// What one request to a network came to: `published` (or `commented`, a first comment), `handed_off`, or the class
    /// of the error (`retryable`, `uncertain`, `rate_limited`, `auth_failure`, `permanent`, `app_blocked`).
    package enum AttemptOutcome: String, CaseIterable, Sendable {
        case published, commented
        case handedOff = "handed_off"
        case retryable, uncertain
        case rateLimited = "rate_limited"
        case authFailure = "auth_failure"
        case permanent
        case appBlocked = "app_blocked"

        package init(_ code: ConnectorError.Code) {
            self = switch code {
            case .retryable: .retryable
            case .uncertain: .uncertain
            case .rateLimited: .rateLimited
            case .authFailure: .authFailure
            case .appBlocked: .appBlocked
            default: .permanent
            }
        }
    }

    /// `renewed`: a new token was stored; `needs_relink`: the network will not renew it; `failed`: try again later.
    package enum RenewalOutcome: String, CaseIterable, Sendable {
        case renewed
        case needsRelink = "needs_relink"
        case failed
    }

    package enum Hook: String, CaseIterable, Sendable {
        case command, webhook
    }

    private let attempts: [Network: [AttemptOutcome: Counter]]
    private let durations: [Network: Metrics.Timer]
    private let lateness: [Network: Metrics.Timer]
    private let holds: [Network: Counter]
    private let renewals: [Network: [RenewalOutcome: Counter]]
    private let hookFailures: [Hook: Counter]

    /// `factory` nil: the process's bootstrapped one (a no-op until something bootstraps it).
    package init(factory: (any MetricsFactory)? = nil) {
        let factory = factory ?? MetricsSystem.factory
        func each<Key: Hashable, Value>(_ keys: some Sequence<Key>, _ make: (Key) -> Value) -> [Key: Value] {
            Dictionary(uniqueKeysWithValues: keys.map { ($0, make($0)) })
        }
        attempts = each(Network.allCases) { network in
            each(AttemptOutcome.allCases) { Counter(label: Name.attempts, dimensions: [("network", network.rawValue), ("outcome", $0.rawValue)], factory: factory) }
        }
        durations = each(Network.allCases) { Metrics.Timer(label: Name.publishDuration, dimensions: [("network", $0.rawValue)], factory: factory) }
        lateness = each(Network.allCases) { Metrics.Timer(label: Name.lateness, dimensions: [("network", $0.rawValue)], factory: factory) }
        holds = each(Network.allCases) { Counter(label: Name.rateLimitHolds, dimensions: [("network", $0.rawValue)], factory: factory) }
        renewals = each(Network.allCases) { network in
            each(RenewalOutcome.allCases) { Counter(label: Name.tokenRenewals, dimensions: [("network", network.rawValue), ("outcome", $0.rawValue)], factory: factory) }
        }
        hookFailures = each(Hook.allCases) { Counter(label: Name.hookFailures, dimensions: [("hook", $0.rawValue)], factory: factory) }
    }

    /// One request to the network and how long it took.
    package func attempted(_ network: Network, _ outcome: AttemptOutcome, seconds: TimeInterval) {
        attempts[network]?[outcome]?.increment()
        durations[network]?.recordNanoseconds(Self.nanoseconds(seconds))
    }

    /// How long after its due time a post went out (its first part, for a post in several).
    package func published(_ network: Network, late seconds: TimeInterval) {
        lateness[network]?.recordNanoseconds(Self.nanoseconds(seconds))
    }

    /// Deliveries a rate-limit budget held back in one claim.
    package func heldBack(_ network: Network, count: Int = 1) {
        holds[network]?.increment(by: count)
    }

    package func renewal(_ network: Network, _ outcome: RenewalOutcome) {
        renewals[network]?[outcome]?.increment()
    }

    package func hookFailed(_ hook: Hook) {
        hookFailures[hook]?.increment()
    }

    /// Non-negative (a post claimed ahead goes out at its instant, a hair early at most), and bounded.
    private static func nanoseconds(_ seconds: TimeInterval) -> Int64 {
        Int64(min(max(seconds, 0), 1e9) * 1e9)
    }
}
