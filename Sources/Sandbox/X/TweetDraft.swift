/// A valid `POST /2/tweets` body, reduced to what the sandbox acts on.
public struct TweetDraft: Sendable, Equatable {
    /// The text as sent (not normalised), empty for a media-only post.
    public var text: String
    /// The `media.media_ids`, in order.
    public var mediaIDs: [String]
    /// `reply.in_reply_to_tweet_id`: the post this one answers (the previous part of a thread); nil for a post of its own.
    public var replyTo: String?

    public init(text: String, mediaIDs: [String] = [], replyTo: String? = nil) {
        self.text = text
        self.mediaIDs = mediaIDs
        self.replyTo = replyTo
    }
}
