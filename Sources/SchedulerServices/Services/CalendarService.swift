import Foundation
import SchedulerCore
import SchedulerDomain

/// The calendar, day by day in a zone: each day's first posts, its count up to a bound, and the occurrences of
/// repeating posts not made yet. Bounded work per day, so a week costs the same at a million posts as at ten.
package struct CalendarService: Sendable {
    package let store: any PostStore & AccountStore
    package let series: SeriesService?

    package init(store: any PostStore & AccountStore, series: SeriesService?) {
        self.store = store; self.series = series
    }

    /// Posts due in `from..<to` (to `account` when given), earliest first: a calendar's, at most 10,000.
    package func posts(from: Date, to: Date, account: String?) async throws -> [PostView] {
        try await store.postsDue(from: from, to: to, accountID: try await accountID(account), limit: 10_000).map(PostView.init)
    }

    /// The occurrences of repeating posts in `from..<to` not made into posts yet (they are made four weeks ahead).
    package func planned(from: Date, to: Date, account: String?) async throws -> [PlannedOccurrenceView] {
        try await series?.planned(from: from, to: to, accountID: try await accountID(account)) ?? []
    }

    /// `count` days from `firstDay` (`yyyy-MM-dd`) in `zone`, each with at most `perDay` posts, to `account` when given.
    package func days(firstDay: String, count: Int, zone: TimeZone, perDay: Int, account: String?) async throws -> [CalendarDayView] {
        try await days(firstDay: firstDay, count: count, zone: zone, perDay: perDay, accountID: try await accountID(account))
    }

    private func accountID(_ reference: String?) async throws -> Int64? {
        guard let reference else { return nil }
        return try await store.account(reference: reference).id
    }

    /// `count` days from `firstDay` (`yyyy-MM-dd`) in `zone`, each with at most `perDay` posts.
    package func days(firstDay: String, count: Int, zone: TimeZone, perDay: Int, accountID: Int64?) async throws -> [CalendarDayView] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let first = DayName.start(of: firstDay, in: calendar) else {
            throw RequestError.badRequest("'\(firstDay)' is not a date such as 2026-12-01")
        }
        let starts = (0...count).compactMap { calendar.date(byAdding: .day, value: $0, to: first) }
        let planned = try await series?.planned(from: starts[0], to: starts[count], accountID: accountID) ?? []
        let ranges = zip(starts, starts.dropFirst()).map { DateInterval(start: $0, end: $1) }
        let found = try await store.postsByDay(ranges, first: perDay, countUpTo: CalendarDayView.countLimit + 1, accountID: accountID)
        return zip(ranges, found).map { range, day in
            CalendarDayView(date: DayName.string(range.start, in: calendar), posts: day.posts.map(PostView.init),
                            count: min(day.count, CalendarDayView.countLimit), countIsAtLeast: day.count > CalendarDayView.countLimit,
                            planned: planned.filter { $0.dueAt >= range.start && $0.dueAt < range.end })
        }
    }
}
