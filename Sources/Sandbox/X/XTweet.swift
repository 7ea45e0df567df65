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

    public init(id: String, authorID: String, text: String, mediaIDs: [String], createdAt: Date = Date(timeIntervalSince1970: 0)) {
        self.id = id
        self.authorID = authorID
        self.text = text
        self.mediaIDs = mediaIDs
        self.createdAt = createdAt
    }
}
