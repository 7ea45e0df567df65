import Metrics
import SchedulerServices

/// `schedulerd_web_signins_total{outcome}`: sign-ins that worked (`ok`), were refused for a wrong name or password
/// (`failed`), or were told to wait by the throttle (`throttled`), so an operator sees guessing on a graph and can
/// alert on it rather than find it in the log. Made once, one counter per outcome.
package struct WebSignInCounters: Sendable {
    package enum Outcome: String, CaseIterable, Sendable {
        case ok, failed, throttled
    }

    private let counters: [Outcome: Counter]

    /// `factory` nil: the process's bootstrapped one (Prometheus when `[metrics] listen` is set, else nothing).
    package init(factory: (any MetricsFactory)? = nil) {
        let factory = factory ?? MetricsSystem.factory
        counters = Dictionary(uniqueKeysWithValues: Outcome.allCases.map {
            ($0, Counter(label: SchedulerMetrics.Name.webSignIns, dimensions: [("outcome", $0.rawValue)], factory: factory))
        })
    }

    package func count(_ outcome: Outcome) {
        counters[outcome]?.increment()
    }
}
