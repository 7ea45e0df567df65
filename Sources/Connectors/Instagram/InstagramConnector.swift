import CryptoPrimitives
import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore

/// Publishes to an Instagram professional account through the Graph API: create a media container
/// from the image's public URL (for several images, a carousel of item containers: ``carouselContainer(_:token:)``),
/// wait for it to be `FINISHED`, check `content_publishing_limit`, then publish. Handoff accounts are not
/// published here: the daemon hands those to the person.
public struct InstagramConnector: Connector {
    public let network = Network.instagram
    public var textRules: TextRules { NetworkRules.of(.instagram).text }
    public var mediaRules: MediaRules { NetworkRules.of(.instagram).media }
    let app: FacebookApp
    /// Where the state directory's `media/` is served publicly; Instagram fetches images from there.
    let mediaBaseURL: String?
    let http: ConnectorTransport
    /// How often, and how many times, a container's status is asked before giving up for now.
    let pollInterval: Duration
    let maxPolls: Int

    public init(app: FacebookApp, mediaBaseURL: String?, transport: any HTTPTransport, timeout: Duration = .seconds(30),
                pollInterval: Duration = .seconds(1), maxPolls: Int = 30) {
        self.app = app
        self.mediaBaseURL = mediaBaseURL?.trimmingTrailingSlash
        self.http = ConnectorTransport(transport: transport, network: "Instagram", timeout: timeout)
        self.pollInterval = pollInterval
        self.maxPolls = maxPolls
    }

    public func validate(_ request: PublishRequest) -> [String] {
        var problems = (request.handoff ? NetworkRules.instagramHandoff : NetworkRules.of(.instagram)).problems(with: request)
        if !request.handoff, mediaBaseURL == nil {
            problems.append("publishing through the Instagram Graph API needs media_base_url in the configuration "
                + "(where the state directory's media are served publicly, for Instagram to fetch); without it, add the account for handoff")
        }
        return problems
    }

    public func verify(credentials: AccountCredentials) async throws(ConnectorError) -> AccountProfile {
        throw ConnectorError(code: .permanent, message: "Instagram accounts are linked with `schedctl accounts link instagram`, not imported")
    }

    func imageURL(_ item: MediaItem) -> String { "\(mediaBaseURL ?? "")/\(item.fileName)" }

    public func publish(_ request: PublishRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        guard mediaBaseURL != nil, let image = request.media.first else {
            throw ConnectorError(code: .permanent, message: "Instagram needs an image served from media_base_url")
        }
        let user = request.accountRemoteID
        let container = request.media.count >= 2
            ? try await carouselContainer(request, token: credentials.token)
            : try await imageContainer(image, caption: request.text, user: user, token: credentials.token)
        try await waitUntilFinished(container, token: credentials.token)
        try await PreparatoryStep.run { () throws(ConnectorError) in try await checkPublishingLimit(user, token: credentials.token) }
        let published = try await http.send("POST", app.graph + "/\(user)/media_publish", headers: [Self.form],
                                            body: FormBody.encode([("creation_id", container), ("access_token", credentials.token)]), publishing: true)
        guard published.status == 200 else { throw GraphErrorMapping.error(for: published, network: "Instagram").answeringPublish(network: "Instagram") }
        guard let id = ConnectorTransport.json(published)?["id"]?.stringValue else {
            throw ConnectorError(code: .uncertain, message: "Instagram published but its answer could not be read", httpStatus: published.status)
        }
        let permalink = try? await http.send("GET", app.graph + "/\(id)?fields=permalink&access_token=\(PercentEncoding.encode(credentials.token))", publishing: false)
        let url = permalink.flatMap { ConnectorTransport.json($0)?["permalink"]?.stringValue } ?? "https://www.instagram.com/"
        return PublishedPost(remoteID: id, url: url, httpStatus: published.status, rateLimit: GraphUsageHeaders.hint(published, now: Date()))
    }

    /// `POST /{ig-user-id}/media` for one image with the caption → the container's id. Image containers take alt
    /// text (up to 1,000 characters) since March 2025.
    func imageContainer(_ image: MediaItem, caption: String, user: String, token: String) async throws(ConnectorError) -> String {
        try await createContainer(Self.imageFields(image, url: imageURL(image), caption: caption), user: user, token: token)
    }

    /// Creates a container from `fields`; a container publishes nothing, so its failures are retried like any upload.
    func createContainer(_ fields: [(String, String)], user: String, token: String) async throws(ConnectorError) -> String {
        try await PreparatoryStep.run { () throws(ConnectorError) in try await createContainerOnce(fields, user: user, token: token) }
    }

    func createContainerOnce(_ fields: [(String, String)], user: String, token: String) async throws(ConnectorError) -> String {
        let created = try await http.send("POST", app.graph + "/\(user)/media", headers: [Self.form],
                                          body: FormBody.encode(fields + [("access_token", token)]), publishing: false)
        guard created.status == 200, let container = ConnectorTransport.json(created)?["id"]?.stringValue else {
            throw GraphErrorMapping.error(for: created, network: "Instagram")
        }
        return container
    }

    /// The fields of an image container, in the order sent: `image_url`, the caption (none on a carousel item),
    /// `is_carousel_item` for one, and `alt_text`. ``preview(_:)`` shows the same.
    static func imageFields(_ image: MediaItem, url: String, caption: String?) -> [(String, String)] {
        var fields = [("image_url", url)]
        if let caption { fields.append(("caption", caption)) } else { fields.append(("is_carousel_item", "true")) }
        if let alt = image.alt, !alt.isEmpty { fields.append(("alt_text", alt)) }
        return fields
    }

    static let form = HTTPHeader("Content-Type", "application/x-www-form-urlencoded")

    /// Instagram processes the image before it can be published; its status is asked every `pollInterval`.
    func waitUntilFinished(_ container: String, token: String) async throws(ConnectorError) {
        for _ in 0..<maxPolls {
            let response = try await PreparatoryStep.run { () throws(ConnectorError) in
                let response = try await http.send("GET", app.graph + "/\(container)?fields=status_code&access_token=\(PercentEncoding.encode(token))",
                                                   publishing: false)
                guard response.status == 200 else { throw GraphErrorMapping.error(for: response, network: "Instagram") }
                return response
            }
            switch ConnectorTransport.json(response)?["status_code"]?.stringValue {
            case "FINISHED"?: return
            case "ERROR"?, "EXPIRED"?:
                throw ConnectorError(code: .permanent, message: "Instagram could not process the image (container \(ConnectorTransport.json(response)?["status_code"]?.stringValue ?? ""))")
            default:
                try? await Task.sleep(for: pollInterval)
            }
        }
        throw ConnectorError(code: .retryable, message: "Instagram is still processing the image; trying again later")
    }

    /// Refuses to publish past the 24-hour quota, rather than letting Instagram refuse it.
    func checkPublishingLimit(_ user: String, token: String) async throws(ConnectorError) {
        let response = try await http.send("GET", app.graph + "/\(user)/content_publishing_limit?fields=quota_usage,config&access_token=\(PercentEncoding.encode(token))",
                                           publishing: false)
        guard response.status == 200, case .array(let entries)? = ConnectorTransport.json(response)?["data"], let entry = entries.first else { return }
        let usage = entry["quota_usage"].flatMap(GraphErrorMapping.int) ?? 0
        let total = entry["config"]?["quota_total"].flatMap(GraphErrorMapping.int) ?? 50
        if usage >= total {
            throw ConnectorError(code: .rateLimited, message: "Instagram's publishing limit is used up (\(usage)/\(total) in 24 hours)",
                                 retryAt: Date().addingTimeInterval(3_600))
        }
    }
}
