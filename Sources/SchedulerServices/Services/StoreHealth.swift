import CoreMetrics
import Foundation
import Logging
import SchedulerCore
import SchedulerDomain
import Synchronization

/// Whether the store works, as the daemon's own reads and writes find it, said where the operator looks (issue 46):
/// `status` and `doctor` name the failure, since when, and what it blocks; the metrics count it; the log says when it
/// begins and ends. A full disk or a lock held by another process used to show only as posts quietly overdue.
///
/// The engine reports its claims and its outcome writes; the control API and the web app report changes that failed
/// because of the store. Each activity is failing from its first failure to its next success.
package final class StoreHealth: Sendable {
    package enum Activity: String, CaseIterable, Sendable {
        /// The engine's claims of due deliveries.
        case publishing
        /// The engine's writes of what the networks answered.
        case recording
        /// Changes through schedctl, the web app or the inbox.
        case changes

        /// What waits while it fails, for `status`.
        package var blocks: String {
            switch self {
            case .publishing: "publishing: due posts wait, and go out once the store takes claims again"
            case .recording: "recording what the networks answered: the outcomes are kept in memory and written again"
            case .changes: "changes from schedctl, the web app and the inbox: they are refused (503) with this reason"
            }
        }
    }

    private struct Trouble {
        var failure: StoreFailure
        var since: Date
        var last: Date
        var failures: Int
    }

    private let describe: @Sendable (any Error) -> StoreFailure?
    private let troubles = Mutex<[Activity: Trouble]>([:])
    private let logger: Logger
    /// `schedulerd_store_failures_total{activity, cause}`, made once.
    private let counters: [Activity: [StoreFailure.Cause: Counter]]
    /// `schedulerd_store_failing{activity}`: 1 while it fails.
    private let gauges: [Activity: Gauge]

    /// `describe`: the store's own reading of its errors (``StoreFailureDescribing``). `factory` nil: the process's
    /// bootstrapped metrics factory.
    package init(describe: @escaping @Sendable (any Error) -> StoreFailure?, logger: Logger, factory: (any MetricsFactory)? = nil) {
        self.describe = describe
        self.logger = logger
        let factory = factory ?? MetricsSystem.factory
        counters = Dictionary(uniqueKeysWithValues: Activity.allCases.map { activity in
            (activity, Dictionary(uniqueKeysWithValues: StoreFailure.Cause.allCases.map {
                ($0, Counter(label: SchedulerMetrics.Name.storeFailures, dimensions: [("activity", activity.rawValue), ("cause", $0.rawValue)],
                             factory: factory))
            }))
        })
        gauges = Dictionary(uniqueKeysWithValues: Activity.allCases.map {
            ($0, Gauge(label: SchedulerMetrics.Name.storeFailing, dimensions: [("activity", $0.rawValue)], factory: factory))
        })
    }

    /// A health that knows no store's errors: every error counts as `other` (unit tests of the engine).
    package static func unnamed(logger: Logger = Logger(label: "schedulerd")) -> StoreHealth {
        StoreHealth(describe: { _ in nil }, logger: logger)
    }

    /// The failure `error` means, when it is the store failing rather than a refusal of the request.
    package func failure(of error: any Error) -> StoreFailure? {
        describe(error)
    }

    /// The store failed during `activity`: counted, remembered for `status` and `doctor`, and logged when it begins.
    /// Returns the failure as a person reads it.
    @discardableResult
    package func failed(_ activity: Activity, _ error: any Error, now: Date = Date()) -> StoreFailure {
        let failure = describe(error) ?? StoreFailure(.other, "the store failed: \(error)", action: "see the daemon's log")
        let began = troubles.withLock { troubles -> Bool in
            if var trouble = troubles[activity] {
                trouble.failure = failure
                trouble.last = now
                trouble.failures += 1
                troubles[activity] = trouble
                return false
            }
            troubles[activity] = Trouble(failure: failure, since: now, last: now, failures: 1)
            return true
        }
        counters[activity]?[failure.cause]?.increment()
        if began {
            gauges[activity]?.record(1)
            logger.error("the store is failing; \(activity.blocks)", metadata: [
                "store.activity": "\(activity.rawValue)", "store.cause": "\(failure.cause.rawValue)", "store.failure": "\(failure.message)",
                "store.action": "\(failure.action)",
            ])
        }
        return failure
    }

    /// Runs a request from a door (the control API, the web app), telling this health what it shows of the store: a
    /// change (`changes`) that `worked` clears a failing ``Activity/changes``; a request the store failed is counted
    /// against it when it was a change, and thrown as ``Unavailable`` (a 503 that names the cause).
    package func watching<Answer>(changes: Bool, _ request: () async throws -> Answer, worked: (Answer) -> Bool) async throws -> Answer {
        do {
            let answer = try await request()
            if changes, worked(answer), isFailing(.changes) { succeeded(.changes) }
            return answer
        } catch let error where describe(error) != nil {
            let failure = changes ? failed(.changes, error) : describe(error)!
            throw Unavailable(refusal: RequestError(.unavailable, "the daemon's database cannot be used now: \(failure.message); "
                + "\(failure.action). Nothing was changed"))
        }
    }

    /// A request the store failed, as each door answers it: the control API with `refusal`, the web app with a page.
    package struct Unavailable: Error {
        package let refusal: RequestError
    }

    /// `activity` worked: it is no longer failing (logged when it was).
    package func succeeded(_ activity: Activity, now: Date = Date()) {
        let ended = troubles.withLock { $0.removeValue(forKey: activity) }
        guard let ended else { return }
        gauges[activity]?.record(0)
        logger.notice("the store works again", metadata: [
            "store.activity": "\(activity.rawValue)", "store.failing_s": "\(Int(now.timeIntervalSince(ended.since).rounded()))",
            "store.failures": "\(ended.failures)",
        ])
    }

    /// Whether `activity` is failing now.
    package func isFailing(_ activity: Activity) -> Bool {
        troubles.withLock { $0[activity] != nil }
    }

    /// A failed change is shown this long: nothing tries a change again by itself (the engine retries its own calls every
    /// few seconds), so past this it says nothing about the store now.
    package static let changesShownFor: TimeInterval = 60

    /// What `status` shows: the latest failure's words, since the earliest failing activity began, and what each blocks.
    /// Nil while the store works.
    package func view(now: Date = Date()) -> StatusView.StoreTrouble? {
        let troubles = troubles.withLock { troubles in
            if let changes = troubles[.changes], now.timeIntervalSince(changes.last) > Self.changesShownFor {
                troubles[.changes] = nil
                gauges[.changes]?.record(0)
            }
            return troubles
        }
        guard let latest = troubles.values.max(by: { $0.last < $1.last }) else { return nil }
        return StatusView.StoreTrouble(cause: latest.failure.cause.rawValue, message: latest.failure.message, action: latest.failure.action,
                                       since: troubles.values.map(\.since).min()!, lastFailedAt: latest.last,
                                       failures: troubles.values.reduce(0) { $0 + $1.failures },
                                       blocks: Activity.allCases.filter { troubles[$0] != nil }.map(\.blocks))
    }
}
