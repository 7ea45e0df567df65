/// The client and token credentials an OAuth 1.0a request is signed with (RFC 5849 section 1.1).
///
/// `token` and `tokenSecret` are absent while requesting temporary credentials. Descriptions and
/// mirrors redact the secrets, so a credentials value can be logged or dumped safely.
public struct OAuth1Credentials: Sendable, Hashable {
    /// Identifies the client; sent in the clear as `oauth_consumer_key`.
    public var consumerKey: String
    /// The client's shared secret; only ever used as HMAC key material.
    public var consumerSecret: String
    /// The temporary or token credential identifier, sent as `oauth_token`.
    public var token: String?
    /// The secret paired with `token`; the second half of the HMAC key.
    public var tokenSecret: String?

    public init(consumerKey: String, consumerSecret: String, token: String? = nil, tokenSecret: String? = nil) {
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
        self.token = token
        self.tokenSecret = tokenSecret
    }
}

extension OAuth1Credentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "OAuth1Credentials(consumerKey: \(consumerKey), token: \(token ?? "none"), secrets: redacted)"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["consumerKey": consumerKey, "token": token as Any], displayStyle: .struct)
    }
}
