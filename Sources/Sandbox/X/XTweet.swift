/// A post the sandbox X published.
public struct XTweet: Sendable, Equatable {
    public var id: String
    public var authorID: String
    public var text: String
    public var mediaIDs: [String]

    public init(id: String, authorID: String, text: String, mediaIDs: [String]) {
        self.id = id
        self.authorID = authorID
        self.text = text
        self.mediaIDs = mediaIDs
    }
}
