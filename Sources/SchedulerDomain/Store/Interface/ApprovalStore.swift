import Foundation
import SchedulerCore

/// An owner's answer to a post an editor scheduled (`[web] require_approval`).
package enum ApprovalVerdict: Sendable, Equatable {
    case approved
    case rejected(reason: String)
}

/// Posts waiting for an owner: approved, they become `scheduled` at the time they already have (and follow the lateness
/// rules when that time has passed); rejected, they are cancelled with the reason as their error.
package protocol ApprovalStore: Sendable {
    /// Settles every `awaiting_approval` delivery of post `id` and records an `approved` or `rejected` event in the same
    /// transaction; a post with none waiting is a conflict.
    func settleApproval(id: Int64, verdict: ApprovalVerdict, by person: String, now: Date) async throws -> PostRecord

    /// Posts `person` wrote that an owner rejected and they have not yet acted on, newest first.
    func openRejections(writtenBy person: String, limit: Int) async throws -> [PostRecord]

    /// The author acted on rejected post `id` (duplicated it to change it, or dismissed it): Today no longer shows it.
    func closeRejection(id: Int64) async throws
}

/// What the two stores write, said once.
package enum ApprovalRecord {
    package static func event(postID: Int64, verdict: ApprovalVerdict, by person: String, at now: Date) -> EventRecord {
        switch verdict {
        case .approved:
            EventRecord(event: "approved", at: now, postId: postID, message: "Post \(postID) was approved by \(person) and is scheduled")
        case .rejected(let reason):
            EventRecord(event: "rejected", at: now, postId: postID, message: "Post \(postID) was rejected by \(person): \(reason)")
        }
    }

    /// The error a rejected delivery keeps, shown on the post and by `schedctl show`.
    package static func rejectedError(_ reason: String, by person: String) -> String { "rejected by \(person): \(reason)" }

    package static func nothingAwaiting(_ id: Int64, states: [String]) -> StoreError {
        StoreError(.conflict, "post \(id) is not awaiting approval (it is \(states.isEmpty ? "empty" : states.joined(separator: ", ")))")
    }
}
