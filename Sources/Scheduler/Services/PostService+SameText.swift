import Foundation
import SchedulerCore

extension PostService {
    /// How far apart two posts with the same text to one X account must be due. X refuses a post identical to a recent
    /// one of the account ("You are not allowed to create a Tweet with duplicate content", a 403) without saying how
    /// recent; a day either side is the window schedulers such as Buffer apply, and it catches the usual mistake (the
    /// same post scheduled twice, or again the next morning).
    static let sameTextWindow: TimeInterval = 24 * 3_600

    /// The problem, when `text` to X `account` at `due` repeats a post of the account due within ``sameTextWindow``
    /// (published, waiting or going out), other than `excluding` (the post being edited).
    func sameTextProblems(text: String, account: AccountView, due: Date, zone: TimeZone? = nil, excluding: Int64? = nil) async throws -> [String] {
        guard let probe = Self.sameTextProbe(text: text, account: account, due: due, excluding: excluding),
              let other = try await store.sameText([probe])[0] else { return [] }
        return [Self.sameTextProblem(other, account: account, zone: zone)]
    }

    /// What to look for, when the rule applies: an X account and a text that is not empty.
    static func sameTextProbe(text: String, account: AccountView, due: Date, excluding: Int64? = nil) -> SameTextProbe? {
        guard account.network == .x, !text.trimmingWhitespace.isEmpty else { return nil }
        return SameTextProbe(accountID: account.id, text: text, from: due.addingTimeInterval(-sameTextWindow), to: due.addingTimeInterval(sameTextWindow),
                             excluding: excluding)
    }

    /// The other post's time is written as every time for people is (``ZonedTime``), in `zone`: the zone the person's
    /// own time was read in (UTC when nil).
    static func sameTextProblem(_ other: SameTextPost, account: AccountView, zone: TimeZone?) -> String {
        let due = ZonedTime.format(other.dueAt, in: zone)
        let when = other.state == .published ? "was published for \(due)" : "is due \(due)"
        return "\(account.reference): X refuses a post identical to a recent one of the account, and post \(other.postID) with the same text "
            + "\(when), within 24 hours; change the text (a date or a word is enough) or `schedctl cancel \(other.postID)`"
    }
}
