import SchedulerCore

/// A publish the sandbox accepted, as a test or a newcomer wants to see it.
///
/// Holds what the network would have published and who signed it, never a signature or a secret.
public struct ReceivedRequest: Codable, Sendable, Equatable {
    /// The emulated network (`x`, `facebook`, `linkedin`).
    public var network: String
    /// When the request arrived, RFC 3339 UTC with milliseconds.
    public var receivedAt: String
    /// The HTTP method.
    public var method: String
    /// The request path, without the query.
    public var path: String
    /// The JSON body as the client sent it.
    public var body: JSONValue
    /// The id the network answered with.
    public var remoteID: String
    /// The OAuth 1.0a consumer key that signed the request, when OAuth 1.0a was used.
    public var oauthConsumerKey: String?
    /// The OAuth 1.0a access token (not its secret), when OAuth 1.0a was used.
    public var userID: String?
    /// How the request authenticated: `oauth1` or `oauth2` (a Bearer user token, never recorded itself).
    public var auth: String?
    /// The OAuth 2.0 client the Bearer token was issued to, when OAuth 2.0 was used.
    public var clientID: String?

    public init(
        network: String,
        receivedAt: String,
        method: String,
        path: String,
        body: JSONValue,
        remoteID: String,
        oauthConsumerKey: String? = nil,
        userID: String? = nil,
        auth: String? = nil,
        clientID: String? = nil
    ) {
        self.network = network
        self.receivedAt = receivedAt
        self.method = method
        self.path = path
        self.body = body
        self.remoteID = remoteID
        self.oauthConsumerKey = oauthConsumerKey
        self.userID = userID
        self.auth = auth
        self.clientID = clientID
    }

    enum CodingKeys: String, CodingKey {
        case network
        case receivedAt = "received_at"
        case method, path, body
        case remoteID = "remote_id"
        case oauthConsumerKey = "oauth_consumer_key"
        case userID = "user_id"
        case auth
        case clientID = "client_id"
    }
}
