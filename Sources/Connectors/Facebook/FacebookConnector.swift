import Foundation
import HTTPClient
import OAuth
import SchedulerCore

/// Publishes to a Facebook Page with its Page token: text and links to `/feed`, a photo to `/photos`
/// as a multipart upload with the text as its `caption` (the Photo reference marks `message` deprecated)
/// and the alt text as `alt_text_custom`.
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

    public func preview(_ request: PublishRequest) -> JSONValue {
        if let photo = request.media.first {
            var fields: [String: JSONValue] = ["endpoint": .string("POST /\(app.graphVersion)/\(request.accountRemoteID)/photos"),
                                               "caption": .string(request.text),
                                               "source": .string("\(photo.fileName) (\(photo.contentType), \(photo.size) bytes)")]
            if let alt = photo.alt, !alt.isEmpty { fields["alt_text_custom"] = .string(alt) }
            return .object(fields)
        }
        return .object(["endpoint": .string("POST /\(app.graphVersion)/\(request.accountRemoteID)/feed"), "message": .string(request.text)])
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
        let page = request.accountRemoteID
        let response: HTTPResponse
        if let photo = request.media.first {
            var form = MultipartForm()
            form.field("caption", request.text)
            if let alt = photo.alt, !alt.isEmpty { form.field("alt_text_custom", alt) }
            form.field("access_token", credentials.token)
            form.file("source", fileName: photo.fileName, contentType: photo.contentType, bytes: try MediaFile.bytes(photo, network: "Facebook"))
            let body = form.finish()
            response = try await http.send("POST", app.graph + "/\(page)/photos", headers: [HTTPHeader("Content-Type", form.contentType)],
                                           body: body, publishing: true)
        } else {
            response = try await http.send("POST", app.graph + "/\(page)/feed",
                                           headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
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
}
