/// The request token of a three-legged OAuth 1.0a flow (RFC 5849 section 2.1), kept while the person approves.
///
/// `Codable` so the daemon can keep it between "open this URL" and "here is the PIN". The secret
/// signs the access token request; description and mirror omit it.
public struct OAuth1TemporaryCredentials: Sendable, Codable, Equatable {
    /// `oauth_token`: goes in the authorization URL, so it is not secret.
    public var token: String
    /// `oauth_token_secret`: signs the access token request.
    public var secret: String

    public init(token: String, secret: String) {
        self.token = token
        self.secret = secret
    }
}

extension OAuth1TemporaryCredentials: CustomStringConvertible, CustomReflectable {
    public var description: String { "OAuth1TemporaryCredentials(token: \(token), secret: redacted)" }

    public var customMirror: Mirror { Mirror(self, children: ["token": token], displayStyle: .struct) }
}
