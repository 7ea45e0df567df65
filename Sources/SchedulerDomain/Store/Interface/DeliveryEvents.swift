import Foundation
import SchedulerCore

/// The events a store writes with the changes they report, worded once for both stores: the hooks and
/// `schedctl events` read the same messages whichever store a daemon runs on.
package enum DeliveryEvents {
    /// `lastError`: the delivery's error as the sweep wrote it ("not published within its lateness limit", with the last
    /// error before it in parentheses), said once, not twice.
    package static func missed(postID: Int64, deliveryID: Int64, account: String, lastError: String?, at: Date) -> EventRecord {
        let before = (lastError ?? "").replacingOccurrences(of: missedError, with: "").trimmingCharacters(in: .whitespaces)
        return EventRecord(event: "missed", at: at, postId: postID, deliveryId: deliveryID, account: account,
                         message: "Post \(postID) was not published to \(account) within its lateness limit" + (before.isEmpty ? "" : " \(before)"),
                         confirm: RecoveryCommand.retry(post: postID, delivery: deliveryID))
    }

    /// What the sweep writes as the error of a delivery it marks missed.
    package static let missedError = "not published within its lateness limit"

    /// `found`: a look-up found the post, published before an interruption.
    package static func published(_ claim: ClaimedDelivery, remoteURL: String?, found: Bool, at: Date) -> EventRecord {
        let how = found ? "was found on \(claim.network.displayName) (published before an interruption)" : "was published to \(claim.account)"
        return EventRecord(event: "published", at: at, postId: claim.postID, deliveryId: claim.deliveryID, account: claim.account,
                         message: "Post \(claim.postID) \(how)", remoteUrl: remoteURL)
    }

    /// The end of a delivery as `failed`, `unknown` or `missed`, with what a person can do about it.
    package static func finalFailure(_ claim: ClaimedDelivery, state: DeliveryState, error: String, at: Date) -> EventRecord {
        let message: String
        var confirm: String?
        switch state {
        case .unknown:
            message = "Post \(claim.postID) may or may not be on \(claim.account): \(error)"
            confirm = RecoveryCommand.resolve(post: claim.postID, delivery: claim.deliveryID) + ", or "
                + RecoveryCommand.retry(post: claim.postID, delivery: claim.deliveryID, force: true)
        case .missed:
            message = "Post \(claim.postID) was not published to \(claim.account) within its lateness limit: \(error)"
            confirm = RecoveryCommand.retry(post: claim.postID, delivery: claim.deliveryID)
        default:
            message = "Post \(claim.postID) could not be published to \(claim.account): \(error)"
        }
        return EventRecord(event: state.rawValue, at: at, postId: claim.postID, deliveryId: claim.deliveryID, account: claim.account,
                         message: message, confirm: confirm)
    }

    /// The error of a delivery whose post is out but whose first comment could not be made.
    package static func commentFailedNote(_ claim: ClaimedDelivery, error: String) -> String {
        "published, but its first comment could not be made: \(error.asClause). `\(RecoveryCommand.retry(post: claim.postID, delivery: claim.deliveryID))` makes the comment alone"
    }

    package static func commentFailed(_ claim: ClaimedDelivery, remoteURL: String?, error: String, at: Date) -> EventRecord {
        EventRecord(event: "comment_failed", at: at, postId: claim.postID, deliveryId: claim.deliveryID, account: claim.account,
                  message: "Post \(claim.postID) is on \(claim.account), but its first comment could not be made: \(error)",
                  remoteUrl: remoteURL, confirm: RecoveryCommand.retry(post: claim.postID, delivery: claim.deliveryID))
    }

    /// What is out of a thread that stopped at `part`, and how to finish it.
    package static func partialNote(_ claim: ClaimedDelivery, part: Int, error: String) -> String {
        let what = claim.kind(ofPart: part) == .comment ? "its first comment" : "part \(part) of \(claim.partCount)"
        let out = part == 2 ? "part 1 is" : "parts 1–\(part - 1) are"
        return "the thread is incomplete: \(out) on \(claim.network.displayName); \(what): \(error.asClause). "
            + "`\(RecoveryCommand.retry(post: claim.postID, delivery: claim.deliveryID))` continues from part \(part)"
    }

    package static func needsRelink(account: String, reason: String, at: Date) -> EventRecord {
        EventRecord(event: "needs_relink", at: at, account: account, message: "\(account) needs to be linked again: \(reason)",
                  confirm: RelinkCommand.text(account: account) ?? "schedctl accounts link \(account.split(separator: ":").first ?? "")")
    }

    package static func networkPaused(_ network: Network, reason: String, remedy: String?, at: Date) -> EventRecord {
        EventRecord(event: "network_paused", at: at, network: network.rawValue,
                  message: "Publishing to \(network.displayName) is paused for every account: \(reason)", confirm: remedy)
    }

    package static func handoffExpired(_ record: HandoffRecord, at: Date) -> EventRecord {
        EventRecord(event: "expired", at: at, postId: record.postID, deliveryId: record.deliveryID, account: record.account,
                  message: "Nobody confirmed the Instagram post; it is now expired", caption: record.caption, bundle: record.bundle)
    }

    package static func handoffReminder(_ record: HandoffRecord, at: Date) -> EventRecord {
        EventRecord(event: "handoff_reminder", at: at, postId: record.postID, deliveryId: record.deliveryID, account: record.account,
                  message: "Reminder: the Instagram post in \(record.bundle) is still waiting", caption: record.caption, bundle: record.bundle,
                  confirm: "schedctl handoff done \(record.deliveryID) --url PERMALINK")
    }

    package static func handoffConfirmed(postID: Int64, deliveryID: Int64, account: String?, url: String?, at: Date) -> EventRecord {
        EventRecord(event: "published", at: at, postId: postID, deliveryId: deliveryID, account: account,
                  message: "Post \(postID) was posted on Instagram by hand and confirmed", remoteUrl: url)
    }

    package static func resolvedByHand(postID: Int64, deliveryID: Int64, account: String, url: String, at: Date) -> EventRecord {
        EventRecord(event: "published", at: at, postId: postID, deliveryId: deliveryID, account: account,
                  message: "Post \(postID) was confirmed on \(account) by hand", remoteUrl: url)
    }
}
