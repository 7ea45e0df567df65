import Foundation

/// An instance's own limits, as its `GET /api/v2/instance` answers them (`configuration.statuses` and
/// `configuration.media_attachments`); every Mastodon instance may set its own, so they are read per instance, never
/// assumed. The defaults are Mastodon's (docs/research/mastodon.md).
public struct MastodonInstanceLimits: Sendable, Equatable, Codable {
    public var maxCharacters: Int
    public var maxMediaAttachments: Int
    public var charactersReservedPerURL: Int
    /// Alt text; `description_limit` exists only from Mastodon 4.4 on, 1,500 before.
    public var maxDescriptionCharacters: Int
    /// `configuration.media_attachments.image_size_limit`, in bytes.
    public var maxImageBytes: Int

    public init(maxCharacters: Int = 500, maxMediaAttachments: Int = 4, charactersReservedPerURL: Int = 23,
                maxDescriptionCharacters: Int = 1_500, maxImageBytes: Int = 16_777_216) {
        self.maxImageBytes = maxImageBytes
        self.maxCharacters = maxCharacters
        self.maxMediaAttachments = maxMediaAttachments
        self.charactersReservedPerURL = charactersReservedPerURL
        self.maxDescriptionCharacters = maxDescriptionCharacters
    }

    enum CodingKeys: String, CodingKey {
        case maxCharacters = "max_characters", maxMediaAttachments = "max_media_attachments"
        case charactersReservedPerURL = "characters_reserved_per_url", maxDescriptionCharacters = "description_limit"
        case maxImageBytes = "image_size_limit"
    }

    /// As the store keeps it (`account.network_limits`).
    public var json: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self) }

    /// From the store's column; nil when empty or unreadable (the defaults then apply).
    public init?(json: String?) {
        guard let json, let limits = try? JSONDecoder().decode(Self.self, from: Data(json.utf8)) else { return nil }
        self = limits
    }
}
