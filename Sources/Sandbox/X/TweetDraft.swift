/// A valid `POST /2/tweets` body, reduced to what the sandbox acts on.
public struct TweetDraft: Sendable, Equatable {
    /// The text as sent (not normalised), empty for a media-only post.
    public var text: String
    /// The `media.media_ids`, in order.
    public var mediaIDs: [String]

    public init(text: String, mediaIDs: [String] = []) {
        self.text = text
        self.mediaIDs = mediaIDs
    }
}
