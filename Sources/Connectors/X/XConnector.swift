import Foundation
import HTTPClient
import NetworkRules
import OAuth
import SchedulerCore

/// Publishes to X through API v2 (`POST /2/tweets`), signing with OAuth 1.0a user context.
public struct XConnector: Connector {
    /// Where X's API lives and which app is calling; the sandbox replaces both.
    public struct Configuration: Sendable {
        public var apiBaseURL: String
        public var consumerKey: String
        public var consumerSecret: String
        public var requestTimeout: Duration

        public init(apiBaseURL: String = "https://api.x.com", consumerKey: String, consumerSecret: String,
                    requestTimeout: Duration = .seconds(30)) {
            self.apiBaseURL = apiBaseURL.trimmingTrailingSlash
            self.consumerKey = consumerKey
            self.consumerSecret = consumerSecret
            self.requestTimeout = requestTimeout
        }
    }

    public let network = Network.x
    public let textRules = XTextRules.rules
    /// Up to 4 images, or 1 GIF, or 1 video (API-NOTES).
    public var mediaRules: MediaRules { NetworkRules.of(.x).media }
    let configuration: Configuration
    let transport: any HTTPTransport

    public init(configuration: Configuration, transport: any HTTPTransport) {
        self.configuration = configuration
        self.transport = transport
    }

    public func validate(_ request: PublishRequest) -> [String] {
        NetworkRules.of(.x).problems(with: request)
    }

    public func preview(_ request: PublishRequest) -> JSONValue {
        var body: [String: JSONValue] = ["text": .string(request.text)]
        if let replyTo = request.replyTo { body["reply"] = .object(["in_reply_to_tweet_id": .string(replyTo)]) }
        if !request.media.isEmpty {
            body["media"] = .object(["media_ids": .array(request.media.map { .string(Self.placeholderID($0)) })])
        }
        let described = request.media.filter { !($0.alt ?? "").isEmpty }
        guard !described.isEmpty else { return .object(body) }
        // Alt text travels separately, one `POST /2/media/metadata` per described file before the post.
        return .object(["POST /2/tweets": .object(body),
                        "POST /2/media/metadata": .array(described.map { XMediaUploader.metadataBody(id: Self.placeholderID($0), alt: $0.alt!) })])
    }

    static func placeholderID(_ item: MediaItem) -> String { "(id of \(item.fileName), uploaded first)" }

    public func verify(credentials: AccountCredentials) async throws(ConnectorError) -> AccountProfile {
        try await verifyWithAccessLevel(credentials: credentials).profile
    }

    /// The user, and the `x-access-level` X answers a user-context request with (`read`, `read-write`,
    /// `read-write-directmessages`): an OAuth 1.0a token keeps the level of the app's permissions when it was made
    /// (developer.x.com, "OAuth 1.0a App permissions"). Nil when X sent none.
    func verifyWithAccessLevel(credentials: AccountCredentials) async throws(ConnectorError) -> (profile: AccountProfile, accessLevel: String?) {
        let response = try await send(method: "GET", path: "/2/users/me", body: nil, credentials: credentials)
        guard response.status == 200 else { throw XResponseMapping.error(for: response) }
        guard let user = try? JSONDecoder().decode(XEnvelope<XUser>.self, from: Data(response.body)).data else {
            throw XResponseMapping.malformed(response, expecting: "a user object")
        }
        return (AccountProfile(remoteID: user.id, handle: user.username, displayName: user.name), response.header("x-access-level"))
    }

    public func publish(_ request: PublishRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        var mediaIDs: [String] = []
        if !request.media.isEmpty {
            let uploader = XMediaUploader(apiBaseURL: configuration.apiBaseURL, authorize: { method, url throws(ConnectorError) in
                try self.authorization(method: method, url: url, credentials: credentials)
            }, http: http)
            for item in request.media { mediaIDs.append(try await PreparatoryStep.run { () throws(ConnectorError) in try await uploader.upload(item) }) }
        }
        let body = try! JSONEncoder().encode(XCreatePost(text: request.text, media: mediaIDs.isEmpty ? nil : XCreatePost.Media(mediaIDs: mediaIDs),
                                                         reply: request.replyTo.map(XCreatePost.Reply.init)))
        let response = try await send(method: "POST", path: "/2/tweets", body: Array(body), credentials: credentials)
        guard response.status == 201 else { throw XResponseMapping.error(for: response).answeringPublish(network: "X") }
        guard let created = try? JSONDecoder().decode(XEnvelope<XCreatedPost>.self, from: Data(response.body)).data else {
            // X said 201, so the post exists: a body we cannot read must not lead to a second post.
            throw ConnectorError(code: .uncertain, message: "X accepted the post but its answer could not be read",
                                 httpStatus: response.status, excerpt: Excerpt.redacted(response.bodyText))
        }
        return PublishedPost(remoteID: created.id, url: "https://x.com/i/web/status/\(created.id)", httpStatus: response.status,
                             rateLimit: XRateLimitHeaders.hint(response))
    }

    /// On X a first comment is a reply to the post (or to the thread's last part).
    public func comment(_ request: CommentRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        try await publish(Self.reply(request), credentials: credentials)
    }

    public func findComment(_ request: CommentRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        try await findPublished(Self.reply(request), since: since, credentials: credentials)
    }

    static func reply(_ comment: CommentRequest) -> PublishRequest {
        PublishRequest(text: comment.text, accountRemoteID: comment.accountRemoteID, replyTo: comment.postRemoteID)
    }

    /// Signs and sends one API call; only a POST publishes, so only a POST's lost answer is uncertain.
    func send(method: String, path: String, body: [UInt8]?, credentials: AccountCredentials) async throws(ConnectorError) -> HTTPResponse {
        let url = configuration.apiBaseURL + path
        var headers = [HTTPHeader("Authorization", try authorization(method: method, url: url, credentials: credentials))]
        if body != nil { headers.append(HTTPHeader("Content-Type", "application/json")) }
        return try await http.send(method, url, headers: headers, body: body, publishing: method == "POST")
    }

    var http: ConnectorTransport {
        ConnectorTransport(transport: transport, network: "X", timeout: configuration.requestTimeout)
    }

    func authorization(method: String, url: String, credentials: AccountCredentials) throws(ConnectorError) -> String {
        switch credentials.scheme {
        case .oauth1:
            let signer = OAuth1Signer(credentials: OAuth1Credentials(
                consumerKey: configuration.consumerKey, consumerSecret: configuration.consumerSecret,
                token: credentials.token, tokenSecret: credentials.tokenSecret ?? ""))
            return signer.authorizationHeader(method: method, url: url)
        case .oauth2:
            return "Bearer \(credentials.token)"
        case .none:
            throw ConnectorError(code: .authFailure, message: "X unavailable: login error (the account has no token)")
        }
    }
}
