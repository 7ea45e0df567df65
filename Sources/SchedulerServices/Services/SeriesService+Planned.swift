import Foundation
import SchedulerCore

/// Occurrences that are not posts yet: a series makes each four weeks ahead, so one starting in March shows only its
/// first in November. The calendar and a dry run show the rest as planned (issue 25, bug 20).
extension SeriesService {
    /// Occurrences a dry run lists: the first ones, then the first after each change of the zone's offset within a year.
    package static let listedInDryRun = 8

    /// A series' occurrences as planned views: the first `listedInDryRun`, and the first after each offset change of its
    /// zone within a year of the first, so summer time can be checked before the series is stored.
    /// `index`: the number of the first occurrence stored (1, or more for a series that continues an exported one).
    package static func plannedForDryRun(_ rule: Recurrence, start: ScheduleTime, from index: Int = 1, text: String, accounts: [String]) -> [PlannedOccurrenceView] {
        guard let zone = TimeZone(identifier: start.zoneIdentifier) else { return [] }
        let year = rule.occurrences(first: start, from: index, limit: 400)
        guard let first = year.first else { return [] }
        let within = year.filter { $0.time.instant < first.time.instant.addingTimeInterval(366 * 86_400) }
        var chosen = Array(within.prefix(listedInDryRun))
        for (previous, occurrence) in zip(within, within.dropFirst())
        where zone.secondsFromGMT(for: previous.time.instant) != zone.secondsFromGMT(for: occurrence.time.instant)
            && !chosen.contains(where: { $0.index == occurrence.index }) {
            chosen.append(occurrence)
        }
        return chosen.map { view($0, seriesID: nil, text: text, accounts: accounts) }
    }

    /// The occurrences of every open series due in `from..<to` that are not posts yet, to `accountID`'s series only when
    /// given; at most `limit` per series. Each series' accounts come from its first occurrence.
    package func planned(from: Date, to: Date, accountID: Int64?, limit: Int = 1_000) async throws -> [PlannedOccurrenceView] {
        var planned: [PlannedOccurrenceView] = []
        for series in try await store.openSeries() {
            guard let rule = try? Recurrence(parsing: series.rule) else { continue }
            let template = try await store.post(id: series.templatePostID)
            if let accountID, !template.deliveries.contains(where: { $0.accountId == accountID }) { continue }
            let accounts = template.deliveries.map(\.account)
            planned += rule.occurrences(first: series.first, from: series.createdThrough + 1, limit: limit, through: to)
                .filter { $0.time.instant >= from }
                .map { Self.view($0, seriesID: series.id, text: series.text, accounts: accounts) }
        }
        return planned.sorted { ($0.dueAt, $0.seriesId ?? 0, $0.index) < ($1.dueAt, $1.seriesId ?? 0, $1.index) }
    }

    package static func view(_ occurrence: RecurrenceOccurrence, seriesID: Int64?, text: String, accounts: [String]) -> PlannedOccurrenceView {
        PlannedOccurrenceView(seriesId: seriesID, index: occurrence.index, dueAt: occurrence.time.instant, dueLocal: occurrence.time.wallClock,
                              dueZone: occurrence.time.zoneIdentifier, text: SeriesText.render(text, occurrence), accounts: accounts,
                              note: occurrence.note)
    }
}
