import Foundation
import SchedulerCore

/// Repeating posts: a series and its occurrences, each its own post, created a few weeks ahead.
package protocol SeriesStore: Sendable {
    /// Stores the series with its first occurrences in one transaction; returns the first occurrence.
    func insertSeries(_ series: NewSeries, now: Date) async throws -> PostRecord
    /// Series still creating occurrences.
    func openSeries() async throws -> [SeriesRecord]
    /// Adds the occurrences after number `createdThrough`, which must still be the series' last: when another daemon
    /// extended it first, nothing is stored (and no error is thrown).
    func extendSeries(id: Int64, after createdThrough: Int, occurrences: [SeriesOccurrence], ended: Bool, now: Date) async throws
    /// A new text for the series: its template (for occurrences created later) and `texts`, the occurrences still to
    /// come with theirs filled in, by post id, in one transaction; one of them started meanwhile is a conflict.
    func editSeriesText(seriesID: Int64, template: String, texts: [Int64: String], now: Date) async throws
    /// Ends the series and cancels every occurrence not yet published; returns the post.
    func cancelSeries(ofPost postID: Int64, now: Date) async throws -> PostRecord
}

/// A repeating post to store: the rule, the time it counts from (`start`), its first occurrence created (`first`,
/// number `firstIndex`: 1, or later for a series that continues one exported elsewhere; every later occurrence copies its
/// accounts and media), the text templates, and the `later` occurrences created with it.
package struct NewSeries: Sendable {
    package var rule: String
    package var start: ScheduleTime
    package var first: NewPost
    package var text: String
    package var overrides: [Int64: String]
    package var later: [SeriesOccurrence]
    /// The rule has no occurrence after these.
    package var ended: Bool
    /// The number of `first`: the occurrences before it are not created (they were published elsewhere).
    package var firstIndex = 1
    package init(rule: String, start: ScheduleTime, first: NewPost, text: String, overrides: [Int64: String], later: [SeriesOccurrence], ended: Bool, firstIndex: Int = 1) {
        self.rule = rule
        self.start = start
        self.first = first
        self.text = text
        self.overrides = overrides
        self.later = later
        self.ended = ended
        self.firstIndex = firstIndex
    }
}

/// One row of an import: a post, or a repeating post.
package enum NewBatchItem: Sendable {
    case post(NewPost)
    case series(NewSeries)
}

/// One occurrence to store: its number, time and texts (the placeholders filled in).
package struct SeriesOccurrence: Sendable, Equatable {
    package var index: Int
    package var time: ScheduleTime
    package var text: String
    /// Per-account texts, by account id.
    package var overrides: [Int64: String]

    package init(index: Int, time: ScheduleTime, text: String, overrides: [Int64: String] = [:]) {
        self.index = index; self.time = time; self.text = text; self.overrides = overrides
    }
}

/// A series as stored: what creating its next occurrences needs.
package struct SeriesRecord: Sendable, Equatable {
    package var id: Int64
    /// The post every occurrence copies its accounts and media from (the first occurrence).
    package var templatePostID: Int64
    package var rule: String
    /// The time the rule counts from (as `--at` gave it): every occurrence has its wall-clock time, in its zone.
    package var first: ScheduleTime
    package var text: String
    package var overrides: [Int64: String]
    package var createdThrough: Int
    /// When the last occurrence created is due.
    package var lastDue: Date
    package init(id: Int64, templatePostID: Int64, rule: String, first: ScheduleTime, text: String, overrides: [Int64: String], createdThrough: Int, lastDue: Date) {
        self.id = id
        self.templatePostID = templatePostID
        self.rule = rule
        self.first = first
        self.text = text
        self.overrides = overrides
        self.createdThrough = createdThrough
        self.lastDue = lastDue
    }
}

/// A series as its occurrences' records carry it: read by both stores with the posts, turned into a record here.
package struct SeriesTemplate {
    package var rule: String
    /// `first_local` and `zone`: the wall-clock time of the first occurrence.
    package var start: String
    package var zone: String
    package var text: String
    package var overrides: [Int64: String]

    /// The record of occurrence `index` of series `id`, per-account texts named by the accounts of `deliveries`.
    package func record(id: Int64, index: Int, deliveries: [DeliveryRecord]) -> PostSeriesRecord {
        let accounts = Dictionary(deliveries.map { ($0.accountId, $0.account) }, uniquingKeysWith: { first, _ in first })
        let textFor = Dictionary(overrides.compactMap { accountID, text in accounts[accountID].map { ($0, text) } },
                                 uniquingKeysWith: { first, _ in first })
        return PostSeriesRecord(id: id, index: index, rule: rule, text: text, textFor: textFor.isEmpty ? nil : textFor, start: start, zone: zone)
    }
    package init(rule: String, start: String, zone: String, text: String, overrides: [Int64: String]) {
        self.rule = rule
        self.start = start
        self.zone = zone
        self.text = text
        self.overrides = overrides
    }
}

/// The per-account texts of a series as the `series.overrides` column keeps them: JSON by account id.
package enum SeriesOverrides {
    package static func encode(_ overrides: [Int64: String]) -> String? {
        guard !overrides.isEmpty else { return nil }
        let keyed = Dictionary(uniqueKeysWithValues: overrides.map { (String($0.key), $0.value) })
        return (try? JSONEncoder().encode(keyed)).map { String(decoding: $0, as: UTF8.self) }
    }

    package static func decode(_ text: String?) -> [Int64: String] {
        guard let text, let keyed = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8)) else { return [:] }
        return Dictionary(uniqueKeysWithValues: keyed.compactMap { key, value in Int64(key).map { ($0, value) } })
    }
}
