import Foundation
import Logging
import SchedulerCore
import SchedulerDomain
import ServiceLifecycle

/// Repeating posts: which occurrences to create (a few weeks ahead, each its own post, its text's placeholders
/// filled in), creating the next ones as time goes on, and ending a series.
package struct SeriesService: Sendable {
    /// Series, and posts: a series' accounts are its first occurrence's.
    package let store: any SeriesStore & PostStore
    /// The engine's: new occurrences are due times.
    package let wake: WakeSignal
    /// The extender's: a new series may need its next occurrences sooner than it planned to look.
    package let added = WakeSignal()
    package let logger: Logger

    /// Occurrences are created this far ahead; later ones as their time comes within it.
    package static let horizon: TimeInterval = 28 * 86_400
    /// At most this many at once (a daily series is 28 of them).
    package static let batch = 100

    package init(store: any SeriesStore & PostStore, wake: WakeSignal, logger: Logger) {
        self.store = store; self.wake = wake; self.logger = logger
    }

    /// The occurrences numbered `from…` due within the horizon (the first of them at least, with `atLeastOne`), and
    /// whether the rule has none after them.
    package static func upcoming(_ rule: Recurrence, start: ScheduleTime, from index: Int, now: Date,
                         atLeastOne: Bool) -> (occurrences: [RecurrenceOccurrence], ended: Bool) {
        var list = rule.occurrences(first: start, from: index, limit: batch, through: now.addingTimeInterval(horizon))
        if list.isEmpty, atLeastOne { list = rule.occurrences(first: start, from: index, limit: 1) }
        let next = (list.last?.index ?? index - 1) + 1
        return (list, rule.occurrences(first: start, from: next, limit: 1).isEmpty)
    }

    /// One occurrence's texts, the placeholders filled in.
    package static func render(_ occurrence: RecurrenceOccurrence, text: String, overrides: [Int64: String]) -> SeriesOccurrence {
        SeriesOccurrence(index: occurrence.index, time: occurrence.time, text: SeriesText.render(text, occurrence),
                         overrides: overrides.mapValues { SeriesText.render($0, occurrence) })
    }

    /// Creates the occurrences of every open series now due within the horizon; returns when it must look again
    /// (the earliest a series' last occurrence comes within the horizon), or nil when no series is open.
    package func extendOpenSeries(now: Date) async -> Date? {
        let open: [SeriesRecord]
        do { open = try await store.openSeries() } catch {
            logger.error("cannot read the repeating posts to create their next occurrences", metadata: ["error": "\(error)"])
            return now.addingTimeInterval(3_600)
        }
        var next: Date?
        for series in open {
            guard let rule = try? Recurrence(parsing: series.rule) else { continue }
            var lastDue = series.lastDue
            if series.lastDue < now.addingTimeInterval(Self.horizon) {
                let (occurrences, ended) = Self.upcoming(rule, start: series.first, from: series.createdThrough + 1, now: now, atLeastOne: false)
                do {
                    try await store.extendSeries(id: series.id, after: series.createdThrough,
                                                 occurrences: occurrences.map { Self.render($0, text: series.text, overrides: series.overrides) },
                                                 ended: ended, now: now)
                    if !occurrences.isEmpty {
                        logger.info("created the next occurrences of a repeating post",
                                    metadata: ["series.id": "\(series.id)", "occurrences": "\(occurrences.count)"])
                        wake.signal()
                    }
                    if ended { continue }
                    lastDue = occurrences.last?.time.instant ?? lastDue
                } catch {
                    logger.error("cannot create the next occurrences of a repeating post", metadata: ["series.id": "\(series.id)", "error": "\(error)"])
                    lastDue = now.addingTimeInterval(3_600 - Self.horizon)
                }
            }
            let due = lastDue.addingTimeInterval(-Self.horizon)
            next = min(next ?? due, due)
        }
        return next
    }

    package func cancelSeries(ofPost id: Int64, now: Date = Date()) async throws -> PostRecord {
        let view = try await store.cancelSeries(ofPost: id, now: now)
        wake.signal()
        return view
    }
}

/// Keeps every series created a few weeks ahead: at start, whenever a series is added, and when the last created
/// occurrence of one comes within the horizon (at least once a day, for clock jumps).
package struct SeriesExtender: Service {
    package let series: SeriesService

    package init(series: SeriesService) {
        self.series = series
    }

    package func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                let now = Date()
                let next = await series.extendOpenSeries(now: now) ?? now.addingTimeInterval(86_400)
                await series.added.wait(until: min(max(next, now.addingTimeInterval(1)), now.addingTimeInterval(86_400)))
            }
        }
    }
}
