import Foundation

/// What a post carries besides its text on the networks that have it: Mastodon's visibility and content warning, and
/// the language the text is written in (Mastodon's `language`, Bluesky's `langs`). The same for every account of the
/// post, and for every part of it (a thread's replies and the first comment carry them too, as Mastodon's own apps do).
public struct PostOptions: Codable, Sendable, Equatable {
    /// Who sees it on Mastodon; the account's own default when nil.
    public var visibility: MastodonVisibility?
    /// Mastodon's `spoiler_text`: shown in place of the text until the reader opens it. It counts toward the
    /// instance's character limit.
    public var contentWarning: String?
    /// An ISO 639 code in lower case (`en`, `fr`, `fil`); the network guesses when nil.
    public var language: String?

    public init(visibility: MastodonVisibility? = nil, contentWarning: String? = nil, language: String? = nil) {
        self.visibility = visibility; self.contentWarning = contentWarning; self.language = language
    }

    enum CodingKeys: String, CodingKey {
        case visibility, language
        case contentWarning = "content_warning"
    }

    public var isEmpty: Bool { self == PostOptions() }

    /// As the store keeps it (`post.options`): nil when there is none.
    public var json: String? {
        isEmpty ? nil : String(decoding: (try? JSONCoding.encoder().encode(self)) ?? Data(), as: UTF8.self)
    }

    /// From the store's column; empty when the column is.
    public init(json: String?) {
        self = json.flatMap { try? JSONDecoder().decode(Self.self, from: Data($0.utf8)) } ?? PostOptions()
    }
}

/// Mastodon's `visibility` of a status (docs.joinmastodon.org/methods/statuses/#create).
public enum MastodonVisibility: String, Codable, Sendable, CaseIterable {
    /// Everyone, and the public timelines.
    case everyone = "public"
    /// Everyone, but not the public timelines ("quiet public").
    case unlisted
    /// Followers only.
    case followers = "private"
    /// Only the accounts the text mentions.
    case direct
}
