import Foundation
import SchedulerCore
import SchedulerDomain

/// Today and the next two days in brief, as `status` shows them: each day's first posts still to go out and how many.
package enum UpcomingDays {
    package static let days = 3
    package static let postsPerDay = 3

    /// The days from today's start in `zone`; times are read on `now`'s day there, so a day is 23 or 25 hours when the
    /// clocks change.
    package static func view(_ store: any PostStore, zone: TimeZone, now: Date) async throws -> [UpcomingDayView] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let starts = (0...days).compactMap { calendar.date(byAdding: .day, value: $0, to: calendar.startOfDay(for: now)) }
        let ranges = zip(starts, starts.dropFirst()).map { DateInterval(start: $0, end: $1) }
        let found = try await store.upcoming(in: ranges, first: postsPerDay, countUpTo: UpcomingDayView.countLimit)
        return zip(ranges, found).map { range, day in
            return UpcomingDayView(date: DayName.string(range.start, in: calendar),
                                   weekday: Weekday.short(Weekday.of(range.start, in: calendar)), posts: day.posts.map(UpcomingPostView.init),
                                   count: min(day.count, UpcomingDayView.countLimit), countIsAtLeast: day.count > UpcomingDayView.countLimit)
        }
    }
}
