import SchedulerCore

/// A publish or media upload the sandbox accepted, as a test or a newcomer wants to see it.
///
/// Holds what the network would have published and who signed it, never a signature or a secret.
/// `body` is the request body as parsed: a JSON body as sent; form fields as strings; a multipart
/// body's text fields as strings and its files as `{"filename", "content_type", "bytes", "sha256"}`.
/// Tokens sent as parameters (`access_token`) are left out.
public struct ReceivedRequest: Codable, Sendable, Equatable {
    /// The emulated network (`x`, `facebook`, `instagram`, `linkedin`).
    public var network: String
    /// `post` for something published (or scheduled) on a timeline, `media` for an upload or a
    /// container that a later post refers to, `comment` for a comment under a post (see ``parentID``);
    /// `nil` in records written before kinds existed.
    public var kind: String?
    /// When the request arrived, RFC 3339 UTC with milliseconds.
    public var receivedAt: String
    /// The HTTP method.
    public var method: String
    /// The request path, without the query.
    public var path: String
    /// The body as parsed (see above).
    public var body: JSONValue
    /// The id the network answered with (a post id, a `urn:li:share:…`, a media or container id).
    public var remoteID: String
    /// The text as it will appear: a post's text, a Page post's message, a LinkedIn commentary, an Instagram caption.
    public var text: String?
    /// The media ids, image URNs or container ids the request refers to (for an upload, its own id).
    public var media: [String]?
    /// What the network downloaded itself for this request (Instagram `image_url`, a Facebook photo `url`):
    /// `{"url", "content_type", "bytes", "sha256", "format", "width", "height"}`.
    public var fetched: JSONValue?
    /// The OAuth 1.0a consumer key that signed the request, when OAuth 1.0a was used.
    public var oauthConsumerKey: String?
    /// The account that acted: the X user id, the Page id, the Instagram user id or the LinkedIn member id.
    public var userID: String?
    /// How the request authenticated: `oauth1` or `oauth2` (a Bearer user token, never recorded itself).
    public var auth: String?
    /// The OAuth 2.0 client the Bearer token was issued to, when OAuth 2.0 was used.
    public var clientID: String?
    /// The API version the request named: `LinkedIn-Version` on LinkedIn, the path's `vNN.N` on Graph.
    public var version: String?
    /// The post this one answers: an X reply's `in_reply_to_tweet_id` (a thread's previous part); nil for a post of its
    /// own and in records written before replies existed.
    public var replyTo: String?
    /// Each image of a multi-image post (or of a carousel container), in order, with its alt text; nil otherwise.
    public var images: [ReceivedImage]?
    /// For a `comment`: the post (Instagram media, LinkedIn share) it was made under.
    public var parentID: String?

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
        clientID: String? = nil,
        kind: String? = nil,
        text: String? = nil,
        media: [String]? = nil,
        fetched: JSONValue? = nil,
        version: String? = nil,
        replyTo: String? = nil,
        images: [ReceivedImage]? = nil,
        parentID: String? = nil
    ) {
        self.version = version
        self.replyTo = replyTo
        self.images = images
        self.parentID = parentID
        self.network = network
        self.kind = kind
        self.text = text
        self.media = media
        self.fetched = fetched
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
        case network, kind
        case receivedAt = "received_at"
        case method, path, body
        case remoteID = "remote_id"
        case text, media, fetched
        case oauthConsumerKey = "oauth_consumer_key"
        case userID = "user_id"
        case auth
        case clientID = "client_id"
        case version, images
        case replyTo = "reply_to"
        case parentID = "parent_id"
    }
}
