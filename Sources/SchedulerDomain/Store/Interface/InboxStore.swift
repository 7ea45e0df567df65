import Foundation
import SchedulerCore

/// A file from the inbox folder, taken by its content: what ``NewPost/inboxFile`` links the post it became to.
package struct InboxFileClaim: Sendable, Equatable {
    /// The file's SHA-256, hex.
    package var sha256: String
    /// The name it arrived with, for messages.
    package var name: String
    /// Who took it: one daemon's run.
    package var holder: String

    package init(sha256: String, name: String, holder: String) {
        self.sha256 = sha256
        self.name = name
        self.holder = holder
    }
}

/// What claiming a file found.
package enum InboxClaimResult: Sendable, Equatable {
    /// This holder has it: make its post (``NewPost/inboxFile``) or say why not (``InboxStore/failInboxFile(_:reason:now:)``).
    case taken
    /// The same bytes became this post before (under this name): skipped, and counted.
    case postedBefore(postID: Int64?, name: String)
    /// Another daemon is taking it now; ask again after its lease.
    case heldElsewhere
}

/// The inbox's memory of the files it took, by SHA-256, so the same file is never posted twice: not when a sync tool
/// writes it again, not after a restart mid-file, not when several daemons watch copies of one folder.
///
/// The post a file becomes is stored in the same transaction that marks its row `posted` (``NewPost/inboxFile``), so a
/// crash leaves either both or neither. A row left `taking` by a daemon that stopped is taken over: at once on SQLite
/// (one daemon, so the holder was an earlier run of it), after the claim's lease on PostgreSQL.
package protocol InboxStore: Sendable {
    func claimInboxFile(_ claim: InboxFileClaim, leaseSeconds: Int, now: Date) async throws -> InboxClaimResult
    /// The file could not become a post: the row is `failed` with the reason, and an `inbox_failed` event is written with
    /// it. The same file arriving again is tried again (the person may have fixed the rule or linked the account).
    func failInboxFile(_ claim: InboxFileClaim, reason: String, now: Date) async throws
    /// The files taken, newest change first.
    func inboxFiles(limit: Int) async throws -> [InboxFileRecord]
}

/// What the two stores write, said once.
package enum InboxRecord {
    package static let states = ["taking", "posted", "failed"]

    package static func postedEvent(_ claim: InboxFileClaim, postID: Int64, draft: Bool, at now: Date) -> EventRecord {
        EventRecord(event: "inbox_posted", at: now, postId: postID,
                  message: "The run \(claim.name) from the inbox became post \(postID)\(draft ? ", a draft" : "")")
    }

    package static func failedEvent(_ claim: InboxFileClaim, reason: String, at now: Date) -> EventRecord {
        EventRecord(event: "inbox_failed", at: now, message: "The run \(claim.name) from the inbox was not posted: \(reason)")
    }

    package static func skippedEvent(_ claim: InboxFileClaim, postID: Int64?, firstName: String, at now: Date) -> EventRecord {
        let before = postID.map { "post \($0)" } ?? "a post since deleted"
        let same = firstName == claim.name ? "" : " (as \(firstName))"
        return EventRecord(event: "inbox_skipped", at: now, postId: postID,
                         message: "The run \(claim.name) from the inbox was skipped: the same file was posted before\(same) as \(before)")
    }

    /// The post's transaction found the row no longer this holder's: nothing is stored.
    package static func notHeld(_ claim: InboxFileClaim) -> StoreError {
        StoreError(.conflict, "the run \(claim.name) from the inbox is no longer this daemon's to post (another took it over)")
    }
}
