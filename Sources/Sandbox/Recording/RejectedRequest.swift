import SchedulerCore

/// A request the sandbox refused, with the reason, so a test can tell a bad signature from a duplicate.
///
/// Like ``ReceivedRequest`` it never holds a signature or a secret.
public struct RejectedRequest: Codable, Sendable, Equatable {
    /// The emulated network (`x`).
    public var network: String
    /// When the request arrived, RFC 3339 UTC with milliseconds.
    public var receivedAt: String
    /// The HTTP method.
    public var method: String
    /// The request path, without the query.
    public var path: String
    /// The HTTP status the sandbox answered with.
    public var status: Int
    /// A stable reason code (`bad_signature`, `duplicate_content`, `rate_limited`, …).
    public var reasonCode: String
    /// What was wrong, in words.
    public var reason: String
    /// The JSON body, when there was one and it parsed.
    public var body: JSONValue?
    /// The OAuth 1.0a consumer key the request claimed, if any.
    public var oauthConsumerKey: String?

    public init(
        network: String,
        receivedAt: String,
        method: String,
        path: String,
        status: Int,
        reasonCode: String,
        reason: String,
        body: JSONValue? = nil,
        oauthConsumerKey: String? = nil
    ) {
        self.network = network
        self.receivedAt = receivedAt
        self.method = method
        self.path = path
        self.status = status
        self.reasonCode = reasonCode
        self.reason = reason
        self.body = body
        self.oauthConsumerKey = oauthConsumerKey
    }

    enum CodingKeys: String, CodingKey {
        case network
        case receivedAt = "received_at"
        case method, path, status
        case reasonCode = "reason_code"
        case reason, body
        case oauthConsumerKey = "oauth_consumer_key"
    }
}
