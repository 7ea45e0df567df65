/// What makes one emulated Mastodon instance itself: its name and the limits `GET /api/v2/instance` publishes.
///
/// A value handed to ``MastodonSandboxNetwork`` because instances differ (forks and admins raise `MAX_CHARS` to 1,000
/// or more, and change the size limits through the environment; docs/research/mastodon.md §5), and the sandbox runs
/// two side by side so a client that hard-codes 500 is caught. The defaults are upstream Mastodon 4.4's.
public struct MastodonInstanceSettings: Sendable, Equatable {
    /// The instance's domain (`mastodon.example`): in status URIs and URLs, in helper paths and in every record.
    public var domain: String
    /// The instance's title, as `GET /api/v2/instance` names it.
    public var title: String
    /// `configuration.statuses.max_characters` (`StatusLengthValidator::MAX_CHARS`); inclusive.
    public var maxCharacters: Int
    /// `configuration.statuses.max_media_attachments` (`Status::MEDIA_ATTACHMENTS_LIMIT`).
    public var maxMediaAttachments: Int
    /// `configuration.statuses.characters_reserved_per_url`: what every `http(s)://` link counts as.
    public var charactersReservedPerURL: Int
    /// `configuration.media_attachments.image_size_limit` in bytes; a file must be strictly smaller.
    public var imageSizeLimit: Int
    /// `configuration.media_attachments.image_matrix_limit`: the most pixels an image may have.
    public var imageMatrixLimit: Int
    /// `configuration.media_attachments.supported_mime_types`. Only the image types the sandbox can sniff are
    /// accepted, so the default lists only those: advertising video it would refuse would mislead a client.
    public var supportedMimeTypes: [String]
    /// `configuration.media_attachments.description_limit`: the longest alt text, in characters.
    public var descriptionLimit: Int

    public init(
        domain: String,
        title: String? = nil,
        maxCharacters: Int = 500,
        maxMediaAttachments: Int = 4,
        charactersReservedPerURL: Int = 23,
        imageSizeLimit: Int = 16 * 1_048_576,
        imageMatrixLimit: Int = 33_177_600,
        supportedMimeTypes: [String] = MastodonInstanceSettings.sniffableImageTypes,
        descriptionLimit: Int = 1_500
    ) {
        self.domain = domain.lowercased()
        self.title = title ?? "Sandbox \(domain)"
        self.maxCharacters = maxCharacters
        self.maxMediaAttachments = maxMediaAttachments
        self.charactersReservedPerURL = charactersReservedPerURL
        self.imageSizeLimit = imageSizeLimit
        self.imageMatrixLimit = imageMatrixLimit
        self.supportedMimeTypes = supportedMimeTypes
        self.descriptionLimit = descriptionLimit
    }

    /// The image types ``MediaSniffer`` recognises, which is all the sandbox can check an upload against.
    public static let sniffableImageTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"]

    /// The base of the instance's public URLs (`https://mastodon.example`): what statuses and accounts link to,
    /// never where the sandbox listens.
    var publicBase: String { "https://\(domain)" }
}
