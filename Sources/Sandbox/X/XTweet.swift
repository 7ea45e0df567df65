#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
/// A post the sandbox X published.
public struct XTweet: Sendable, Equatable {
    public var id: String
    public var authorID: String
    public var text: String
    public var mediaIDs: [String]
    public var createdAt: Date
    /// The post this one replies to (`referenced_tweets` `replied_to`), nil for a post of its own.
    public var inReplyToID: String?
    /// The author of the post replied to (`in_reply_to_user_id`).
    public var inReplyToUserID: String?
    /// The id of the post that started the conversation: its own id for a post of its own, the root's for a reply.
    public var conversationID: String

    public init(id: String, authorID: String, text: String, mediaIDs: [String], createdAt: Date = Date(timeIntervalSince1970: 0),
                inReplyTo parent: XTweet? = nil) {
        self.id = id
        self.authorID = authorID
        self.text = text
        self.mediaIDs = mediaIDs
        self.createdAt = createdAt
        self.inReplyToID = parent?.id
        self.inReplyToUserID = parent?.authorID
        self.conversationID = parent?.conversationID ?? id
    }
}
