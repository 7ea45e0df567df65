import Foundation
import SchedulerCore
import SchedulerDomain

extension PostService {
    /// How far apart two posts with the same text to one X account must be due. X refuses a post identical to a recent
    /// one of the account ("You are not allowed to create a Tweet with duplicate content", a 403) without saying how
    /// recent; a day either side is the window schedulers such as Buffer apply, and it catches the usual mistake (the
    /// same post scheduled twice, or again the next morning).
    package static let sameTextWindow: TimeInterval = 24 * 3_600

    /// The problem, when `text` to X `account` at `due` repeats a post of the account due within ``sameTextWindow``
    /// (published, waiting or going out), other than `excluding` (the post being edited).
    package func sameTextProblems(text: String, account: AccountRecord, due: Date, zone: TimeZone? = nil, excluding: Int64? = nil) async throws -> [String] {
        guard let probe = Self.sameTextProbe(text: text, account: account, due: due, excluding: excluding),
              let other = try await store.sameText([probe])[0] else { return [] }
        return [Self.sameTextProblem(other, account: account, zone: zone)]
    }

    /// How far apart two posts with the same text to one account of any other network must be due: a minute. No other
    /// network refuses a repeated text, but the same text to the same account at the same time is never a plan: it is
    /// the same post scheduled twice (a CSV imported again), and would be published twice.
    package static let sameTimeWindow: TimeInterval = 60

    /// The window `account`'s posts with one text must keep apart (``sameTextWindow`` on X, ``sameTimeWindow`` elsewhere).
    package static func sameTextWindow(for network: Network) -> TimeInterval {
        network == .x ? sameTextWindow : sameTimeWindow
    }

    /// What to look for: the window of `account`'s network around `due`, for a text that is not empty.
    package static func sameTextProbe(text: String, account: AccountRecord, due: Date, excluding: Int64? = nil) -> SameTextProbe? {
        guard !text.trimmingWhitespace.isEmpty else { return nil }
        let window = sameTextWindow(for: account.network)
        return SameTextProbe(accountID: account.id, text: text, from: due.addingTimeInterval(-window), to: due.addingTimeInterval(window),
                             excluding: excluding)
    }

    /// The other post's time is written as every time for people is (``ZonedTime``), in `zone`: the zone the person's
    /// own time was read in (UTC when nil).
    package static func sameTextProblem(_ other: SameTextPost, account: AccountRecord, zone: TimeZone?) -> String {
        let due = ZonedTime.format(other.dueAt, in: zone)
        let when = other.state == .published ? "was published for \(due)" : "is due \(due)"
        guard account.network == .x else {
            return "\(account.reference): post \(other.postID) with the same text \(when) to this account, the same post twice "
                + "(a file imported again?); change the text or its time, or cancel post \(other.postID)"
        }
        return "\(account.reference): X refuses a post identical to a recent one of the account, and post \(other.postID) with the same text "
            + "\(when), within 24 hours; change the text (a date or a word is enough) or cancel post \(other.postID)"
    }
}
