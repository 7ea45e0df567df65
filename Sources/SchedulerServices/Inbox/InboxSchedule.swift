import Foundation
import RunPosts
import RunSummary
import SchedulerCore

/// The post a rule makes of a run: its accounts, and its time by the rule's `when`.
package enum InboxSchedule {
    /// The least time between a file's arrival and its post: a rule whose time has passed posts this soon after.
    package static let soonest: TimeInterval = 60

    package static func request(_ rule: InboxRule, summary: RunSummary, file: String, units: Units, templates: [String: RunTemplateSource]?,
                        lateness: String? = nil, now: Date) -> RunPostRequest {
        var post = SchedulePostRequest(text: "", to: rule.to, at: nil, tz: summary.timeZone.identifier, lateness: lateness)
        switch rule.when {
        case .draft: post.draft = true
        case .nextSlot: post.nextSlot = true
        case .at, .after: post.at = RunFormat.rfc3339(time(rule.when, summary: summary, now: now), timeZone: summary.timeZone)
        }
        return RunPostRequest(summary: summary, file: file, units: units, templates: templates, runThread: rule.thread ? true : nil, post: post)
    }

    /// `19:00`: that time on the run's day in the runner's zone, or the next day's once it has passed (a run finished
    /// at 20:00 under a 19:00 rule goes out at 19:00 the day after, not at once). `+2h`: two hours after the run ended.
    /// Never sooner than ``soonest`` from now: an old run dropped late is not posted before a person could stop it.
    package static func time(_ timing: InboxTiming, summary: RunSummary, now: Date) -> Date {
        let earliest = now.addingTimeInterval(soonest)
        switch timing {
        case .draft, .nextSlot:
            return earliest
        case let .after(seconds):
            return max(summary.start.addingTimeInterval(summary.elapsedSeconds + Double(seconds)), earliest)
        case let .at(hour, minute):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = summary.timeZone
            var day = calendar.startOfDay(for: summary.start)
            for _ in 0..<400 {
                // A time a spring-forward skips is taken as the first instant after it.
                if let candidate = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day, matchingPolicy: .nextTime,
                                                 repeatedTimePolicy: .first, direction: .forward), candidate >= earliest {
                    return candidate
                }
                day = calendar.date(byAdding: .day, value: 1, to: day) ?? day.addingTimeInterval(86_400)
            }
            return earliest
        }
    }
}
