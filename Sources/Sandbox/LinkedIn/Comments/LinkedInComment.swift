#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

/// A comment under a post on the sandbox LinkedIn, as `GET /rest/socialActions/{post}/comments` lists it.
struct LinkedInComment: Sendable, Equatable {
    /// The comment's number, as `x-restli-id` and `id` give it.
    var id: String
    /// The post commented on (`object`).
    var post: String
    /// The person or organization that commented.
    var actor: String
    /// The member whose token made it.
    var createdBy: String
    var createdAt: Date
    /// `message.text` as sent.
    var text: String

    /// `urn:li:comment:({post},{id})`: the comment's URN, built on the post's.
    var urn: String { "urn:li:comment:(\(post),\(id))" }

    /// The comment as the Comments API answers it; with `rewritesText`, the text as LinkedIn keeps it
    /// (``StoredText/linkedIn(_:)``), as for a post's commentary.
    func rendered(rewritesText: Bool = false) -> JSONValue {
        let stamp = JSONValue.object([
            "actor": .string(createdBy), "time": .integer(Int64((createdAt.timeIntervalSince1970 * 1000).rounded(.down))),
        ])
        return .object([
            "id": .string(id),
            "commentUrn": .string(urn),
            "actor": .string(actor),
            "object": .string(post),
            "message": .object(["text": .string(rewritesText ? StoredText.linkedIn(text) : text), "attributes": .array([])]),
            "created": stamp,
            "lastModified": stamp,
        ])
    }
}
