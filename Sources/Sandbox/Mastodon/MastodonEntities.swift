#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

/// The API's entities (`content/en/entities/`) as JSON, with the nulls Mastodon sends rather than leaving keys out.
struct MastodonEntities: Sendable {
    let settings: MastodonInstanceSettings

    /// The Account entity; `source` (for verify_credentials, the CredentialAccount) when given.
    func account(_ account: MastodonAccount, statusesCount: Int, lastStatusAt: Date?, source: JSONValue? = nil) -> JSONValue {
        let base = settings.publicBase
        var members: [String: JSONValue] = [
            "id": .string(account.id), "username": .string(account.username), "acct": .string(account.username),
            "display_name": .string(account.displayName), "locked": .bool(false), "bot": .bool(false), "group": .bool(false),
            "discoverable": .bool(true), "created_at": .string(SandboxTimestamp.rfc3339(account.createdAt)), "note": .string(""),
            "url": .string("\(base)/@\(account.username)"), "uri": .string("\(base)/users/\(account.username)"),
            "avatar": .string("\(base)/avatars/original/missing.png"), "avatar_static": .string("\(base)/avatars/original/missing.png"),
            "header": .string("\(base)/headers/original/missing.png"), "header_static": .string("\(base)/headers/original/missing.png"),
            "followers_count": .integer(0), "following_count": .integer(0), "statuses_count": .integer(Int64(statusesCount)),
            "last_status_at": lastStatusAt.map { JSONValue.string(String(SandboxTimestamp.rfc3339($0).prefix(10))) } ?? .null,
            "emojis": .array([]), "fields": .array([]),
        ]
        if let source { members["source"] = source }
        return .object(members)
    }

    /// The `source` of a CredentialAccount: the defaults a client posts with.
    static let credentialSource: JSONValue = .object([
        "privacy": .string("public"), "sensitive": .bool(false), "language": .string("en"), "note": .string(""),
        "fields": .array([]), "follow_requests_count": .integer(0),
    ])

    /// The MediaAttachment entity: `url` is null until processing ends.
    func media(_ media: MastodonMedia, now: Date) -> JSONValue {
        let base = "\(settings.publicBase)/system/media_attachments/files/\(media.id)"
        let ext = media.format == .jpeg ? "jpg" : media.format.rawValue
        var original: [String: JSONValue] = [:]
        if let width = media.width, let height = media.height, height > 0 {
            original = ["width": .integer(Int64(width)), "height": .integer(Int64(height)), "size": .string("\(width)x\(height)"),
                        "aspect": .double(Double(width) / Double(height))]
        }
        var meta: [String: JSONValue] = ["original": .object(original)]
        if let focus = media.focus { meta["focus"] = .object(["x": .double(focus.x), "y": .double(focus.y)]) }
        return .object([
            "id": .string(media.id), "type": .string(media.type),
            "url": media.isReady(at: now) ? .string("\(base)/original/\(media.id).\(ext)") : .null,
            "preview_url": .string("\(base)/small/\(media.id).jpg"), "remote_url": .null, "preview_remote_url": .null, "text_url": .null,
            "meta": .object(meta), "description": media.description.map(JSONValue.string) ?? .null, "blurhash": .string("UFFFFF00000000000000000000000"),
        ])
    }

    /// The Status entity, its author and attachments given; `content` rewritten as ``MastodonContent`` says.
    func status(_ status: MastodonStatus, author: JSONValue, media: [MastodonMedia], linkingURLs: Bool, now: Date) -> JSONValue {
        let username = author["username"]?.stringValue ?? ""
        let application: JSONValue = status.applicationName.map { name in
            .object(["name": .string(name), "website": status.applicationWebsite.map(JSONValue.string) ?? .null])
        } ?? .null
        return .object([
            "id": .string(status.id), "created_at": .string(SandboxTimestamp.rfc3339(status.createdAt)),
            "in_reply_to_id": status.inReplyToID.map(JSONValue.string) ?? .null,
            "in_reply_to_account_id": status.inReplyToAccountID.map(JSONValue.string) ?? .null,
            "sensitive": .bool(status.sensitive), "spoiler_text": .string(status.spoilerText), "visibility": .string(status.visibility),
            "language": status.language.map(JSONValue.string) ?? .null,
            "uri": .string("\(settings.publicBase)/users/\(username)/statuses/\(status.id)"),
            "url": .string("\(settings.publicBase)/@\(username)/\(status.id)"),
            "replies_count": .integer(0), "reblogs_count": .integer(0), "favourites_count": .integer(0), "quotes_count": .integer(0),
            "edited_at": .null, "content": .string(MastodonContent.html(status.text, linkingURLs: linkingURLs)),
            "reblog": .null, "application": application, "account": author,
            "media_attachments": .array(media.map { self.media($0, now: now) }),
            "mentions": .array([]), "tags": .array([]), "emojis": .array([]), "card": .null, "poll": .null,
        ])
    }
}
