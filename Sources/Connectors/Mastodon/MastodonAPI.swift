import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore

/// The calls of a Mastodon post, against one instance (docs/research/mastodon.md): the instance's own limits, a media
/// file and its processing, and a status sent with an **`Idempotency-Key` stored before the request**. The instance
/// keeps the key for an hour per account: a resend within that hour with the same key answers the first status and
/// never makes a second; past the hour, the account's own statuses are looked at before anything is sent again.
public struct MastodonAPI: Sendable {
    /// The instance's base URL (`https://mastodon.social`).
    let instance: String
    let transport: ConnectorTransport

    /// How long an instance keeps an `Idempotency-Key` (its code's Redis TTL; its docs: "up to 1 hour").
    public static let idempotencyWindow: TimeInterval = 3_600

    public init(instance: String, transport: any HTTPTransport, timeout: Duration = .seconds(30)) {
        self.instance = instance.trimmingTrailingSlash
        self.transport = ConnectorTransport(transport: transport, network: "Mastodon", timeout: timeout)
    }

    /// A status on the instance.
    public struct PublishedStatus: Sendable, Equatable {
        public var id: String
        public var url: String?
        public var createdAt: String?
    }

    /// What a status carries besides its text.
    public struct StatusOptions: Sendable {
        public var mediaIDs: [String] = []
        public var inReplyTo: String?
        public var contentWarning: String?
        /// `public`, `unlisted`, `private`; the account's default when nil.
        public var visibility: String?
        public var language: String?

        public init() {}
    }

    /// `GET /api/v2/instance`'s limits, with Mastodon's defaults for what an older instance leaves out.
    public func limits() async throws(ConnectorError) -> MastodonInstanceLimits {
        let configuration = try await call("GET", "/api/v2/instance", token: nil)["configuration"]
        let defaults = MastodonInstanceLimits()
        return MastodonInstanceLimits(
            maxCharacters: configuration?["statuses"]?["max_characters"]?.integer ?? defaults.maxCharacters,
            maxMediaAttachments: configuration?["statuses"]?["max_media_attachments"]?.integer ?? defaults.maxMediaAttachments,
            charactersReservedPerURL: configuration?["statuses"]?["characters_reserved_per_url"]?.integer ?? defaults.charactersReservedPerURL,
            maxDescriptionCharacters: configuration?["media_attachments"]?["description_limit"]?.integer ?? defaults.maxDescriptionCharacters,
            maxImageBytes: configuration?["media_attachments"]?["image_size_limit"]?.integer ?? defaults.maxImageBytes)
    }

    /// `POST /api/v1/statuses` with `key` as its `Idempotency-Key`. An answer in doubt is resolved by sending again
    /// with the same key within ``idempotencyWindow``.
    public func postStatus(_ text: String, options: StatusOptions, idempotencyKey key: String, token: String) async throws(ConnectorError)
        -> PublishedStatus {
        var fields: [String: JSONValue] = ["status": .string(text)]
        if !options.mediaIDs.isEmpty { fields["media_ids"] = .array(options.mediaIDs.map(JSONValue.string)) }
        if let reply = options.inReplyTo { fields["in_reply_to_id"] = .string(reply) }
        if let warning = options.contentWarning { fields["spoiler_text"] = .string(warning) }
        if let visibility = options.visibility { fields["visibility"] = .string(visibility) }
        if let language = options.language { fields["language"] = .string(language) }
        let answer = try await call("POST", "/api/v1/statuses", json: .object(fields), token: token,
                                    headers: [HTTPHeader("Idempotency-Key", key)], publishing: true)
        return try Self.status(answer)
    }

    /// `GET /api/v1/statuses/:id`: nil when the instance has no such status.
    public func status(id: String, token: String) async throws(ConnectorError) -> PublishedStatus? {
        do {
            return try Self.status(try await call("GET", "/api/v1/statuses/\(id)", token: token))
        } catch where error.httpStatus == 404 {
            return nil
        }
    }

    /// `POST /api/v2/media`: the attachment's id, and whether the instance is still processing it (202), in which case
    /// ``mediaReady(id:token:)`` must say so before a status names it.
    public func uploadMedia(_ bytes: [UInt8], fileName: String, mimeType: String, description: String?, token: String)
        async throws(ConnectorError) -> (id: String, processing: Bool) {
        var form = MultipartForm()
        if let description { form.field("description", description) }
        form.file("file", fileName: fileName, contentType: mimeType, bytes: bytes)
        let response = try await transport.send("POST", "\(instance)/api/v2/media",
                                                headers: [HTTPHeader("Authorization", "Bearer \(token)"),
                                                          HTTPHeader("Content-Type", form.contentType)],
                                                body: form.finish(), publishing: false)
        let answer = ConnectorTransport.json(response)
        guard response.status == 200 || response.status == 202 else { throw Self.error(response, answer: answer, publishing: false) }
        guard let id = answer?["id"]?.text else { throw Self.malformed("media", "no id") }
        return (id, response.status == 202)
    }

    /// `GET /api/v1/media/:id`: true once processed (200), false while processing (206); a failed one is refused.
    public func mediaReady(id: String, token: String) async throws(ConnectorError) -> Bool {
        let response = try await transport.send("GET", "\(instance)/api/v1/media/\(id)",
                                                headers: [HTTPHeader("Authorization", "Bearer \(token)")], publishing: false)
        switch response.status {
        case 200: return true
        case 206: return false
        default: throw Self.error(response, answer: ConnectorTransport.json(response), publishing: false)
        }
    }
}
