/// Who made an authenticated request to the sandbox X, however they authenticated.
///
/// Today only OAuth 1.0a user context exists; an OAuth 2.0 user token becomes another `Credential`
/// case, and the handlers, which only read `user`, do not change.
public struct XPrincipal: Sendable, Equatable {
    /// How the request proved who it was.
    public enum Credential: Sendable, Equatable {
        /// OAuth 1.0a user context: the consumer key and access token (never the secrets).
        case oauth1(consumerKey: String, token: String)
    }

    public var user: XUser
    public var credential: Credential

    public init(user: XUser, credential: Credential) {
        self.user = user
        self.credential = credential
    }

    /// The consumer key, for records, when OAuth 1.0a was used.
    public var oauthConsumerKey: String? {
        switch credential {
        case .oauth1(let consumerKey, _): consumerKey
        }
    }

    /// The access token (not its secret), for records, when OAuth 1.0a was used.
    public var oauthToken: String? {
        switch credential {
        case .oauth1(_, let token): token
        }
    }
}
