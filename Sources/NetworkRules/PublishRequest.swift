import SchedulerCore

/// What to publish to one account: what the rules check (text and media) and what a connector sends.
public struct PublishRequest: Sendable, Equatable {
    public var text: String
    public var media: [MediaItem]
    /// The remote account (Page id, member or organization URN, IG user id) the post goes to.
    public var accountRemoteID: String
    /// An Instagram account with no API access: the person finishes the post in the app.
    public var handoff: Bool
    /// X: the post this one answers (`reply.in_reply_to_tweet_id`), the previous part of a thread. Nil for a post of its own.
    public var replyTo: String?
    /// A Mastodon account's instance limits, which its text and media are checked against; nil for Mastodon's defaults.
    public var instanceLimits: MastodonInstanceLimits?
    /// Mastodon's visibility and content warning, and the text's language (Mastodon, Bluesky); every part carries them.
    public var options = PostOptions()

    public init(text: String, media: [MediaItem] = [], accountRemoteID: String = "", handoff: Bool = false, replyTo: String? = nil,
                options: PostOptions = PostOptions()) {
        self.options = options
        self.text = text
        self.media = media
        self.accountRemoteID = accountRemoteID
        self.handoff = handoff
        self.replyTo = replyTo
    }
}
