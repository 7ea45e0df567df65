import Hummingbird
import SchedulerCore

extension MastodonSandboxNetwork {
    /// `GET /api/v2/instance`: public, no token; the configuration a client must read rather than assume.
    func instanceDocument() -> JSONValue {
        .object([
            "domain": .string(instance.domain), "title": .string(instance.title), "version": .string("4.4.0"),
            "source_url": .string("https://github.com/mastodon/mastodon"), "description": .string("A sandbox Mastodon instance."),
            "usage": .object(["users": .object(["active_month": .integer(0)])]),
            "thumbnail": .object(["url": .string("\(instance.publicBase)/packs/media/images/preview.png")]),
            "languages": .array([.string("en")]),
            "configuration": .object([
                "urls": .object(["streaming": .string("wss://\(instance.domain)")]),
                "accounts": .object(["max_featured_tags": .integer(10), "max_pinned_statuses": .integer(5)]),
                "statuses": .object([
                    "max_characters": .integer(Int64(instance.maxCharacters)),
                    "max_media_attachments": .integer(Int64(instance.maxMediaAttachments)),
                    "characters_reserved_per_url": .integer(Int64(instance.charactersReservedPerURL)),
                ]),
                "media_attachments": .object([
                    "supported_mime_types": .array(instance.supportedMimeTypes.map(JSONValue.string)),
                    "description_limit": .integer(Int64(instance.descriptionLimit)),
                    "image_size_limit": .integer(Int64(instance.imageSizeLimit)),
                    "image_matrix_limit": .integer(Int64(instance.imageMatrixLimit)),
                    "video_size_limit": .integer(103_809_024), "video_frame_rate_limit": .integer(120), "video_matrix_limit": .integer(8_294_400),
                ]),
                "polls": .object(["max_options": .integer(4), "max_characters_per_option": .integer(50),
                                  "min_expiration": .integer(300), "max_expiration": .integer(2_629_746)]),
                "translation": .object(["enabled": .bool(false)]),
            ]),
            "registrations": .object(["enabled": .bool(false), "approval_required": .bool(false), "message": .null]),
            "api_versions": .object(["mastodon": .integer(6)]),
            "contact": .object(["email": .string("admin@\(instance.domain)"), "account": .null]),
            "rules": .array([]),
        ])
    }
}
