import CryptoPrimitives
import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore

/// Publishes to a Facebook Page with its Page token: text and links to `/feed`, a photo to `/photos`
/// as a multipart upload with the text as its `caption` (the Photo reference marks `message` deprecated)
/// and the alt text as `alt_text_custom`; several photos go up unpublished, then into one `/feed` post
/// (``publishPhotos(_:credentials:)``).
public struct FacebookConnector: Connector {
    public let network = Network.facebook
    public var textRules: TextRules { NetworkRules.of(.facebook).text }
    public var mediaRules: MediaRules { NetworkRules.of(.facebook).media }
    let app: FacebookApp
    let http: ConnectorTransport

    public init(app: FacebookApp, transport: any HTTPTransport, timeout: Duration = .seconds(30)) {
        self.app = app
        self.http = ConnectorTransport(transport: transport, network: "Facebook", timeout: timeout)
    }

    public func validate(_ request: PublishRequest) -> [String] {
        NetworkRules.of(.facebook).problems(with: request)
    }

    public func verify(credentials: AccountCredentials) async throws(ConnectorError) -> AccountProfile {
        let response = try await http.send("GET", app.graph + "/me?fields=id,name&access_token=\(PercentEncoding.encode(credentials.token))", publishing: false)
        guard response.status == 200, let me = ConnectorTransport.json(response), let id = me["id"]?.stringValue else {
            throw GraphErrorMapping.error(for: response, network: "Facebook")
        }
        let name = me["name"]?.stringValue ?? id
        return AccountProfile(remoteID: id, handle: name.handleSlug, displayName: name)
    }

    public func publish(_ request: PublishRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        let response: HTTPResponse
        if request.media.count >= 2 {
            response = try await publishPhotos(request, credentials: credentials)
        } else if let photo = request.media.first {
            response = try await publishPhoto(photo, request: request, credentials: credentials)
        } else {
            response = try await http.send("POST", app.graph + "/\(request.accountRemoteID)/feed", headers: [Self.form],
                                           body: FormBody.encode([("message", request.text), ("access_token", credentials.token)]), publishing: true)
        }
        guard response.status == 200 else { throw GraphErrorMapping.error(for: response, network: "Facebook").answeringPublish(network: "Facebook") }
        guard let body = ConnectorTransport.json(response), let id = body["post_id"]?.stringValue ?? body["id"]?.stringValue else {
            throw ConnectorError(code: .uncertain, message: "Facebook accepted the post but its answer could not be read",
                                 httpStatus: response.status, excerpt: Excerpt.redacted(response.bodyText))
        }
        return PublishedPost(remoteID: id, url: "https://www.facebook.com/\(id)", httpStatus: response.status,
                             rateLimit: GraphUsageHeaders.hint(response, now: Date()))
    }

    static let form = HTTPHeader("Content-Type", "application/x-www-form-urlencoded")
}
