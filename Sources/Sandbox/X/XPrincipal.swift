import HTTPTypes
import Hummingbird

/// Who made an authenticated request to the sandbox X, however they authenticated.
///
/// The handlers only read `user`; the credential is kept for records (never a secret or an OAuth 2.0 token).
public struct XPrincipal: Sendable, Equatable {
    /// How the request proved who it was.
    public enum Credential: Sendable, Equatable {
        /// OAuth 1.0a user context: the consumer key and access token (never the secrets).
        case oauth1(consumerKey: String, token: String)
        /// An OAuth 2.0 user access token (Bearer): the client it was issued to and its scopes, never the token.
        case oauth2(clientID: String, scopes: [String])
    }

    public var user: XUser
    public var credential: Credential
    /// An OAuth 1.0a token's access level (`read`, `read-write`, `read-write-directmessages`); nil for OAuth 2.0, whose
    /// scopes say what it may do.
    public var accessLevel: String?

    public init(user: XUser, credential: Credential, accessLevel: String? = nil) {
        self.user = user
        self.credential = credential
        self.accessLevel = accessLevel
    }

    private static let accessLevelName = HTTPField.Name("x-access-level")!

    /// `x-access-level`, which X sends with every answer to an OAuth 1.0a user-context request.
    var accessLevelHeaders: HTTPFields {
        accessLevel.map { [Self.accessLevelName: $0] } ?? [:]
    }

    /// Whether X refuses this request for the token's access level: a read-only OAuth 1.0a token writing.
    func mayNotWrite(_ requiredScopes: [String]) -> Bool {
        accessLevel == "read" && requiredScopes.contains { $0.hasSuffix(".write") }
    }

    /// The consumer key, for records, when OAuth 1.0a was used.
    public var oauthConsumerKey: String? {
        if case .oauth1(let consumerKey, _) = credential { return consumerKey }
        return nil
    }

    /// The access token (not its secret), for records, when OAuth 1.0a was used.
    public var oauthToken: String? {
        if case .oauth1(_, let token) = credential { return token }
        return nil
    }

    /// The OAuth 2.0 client, for records, when a Bearer token was used.
    public var clientID: String? {
        if case .oauth2(let clientID, _) = credential { return clientID }
        return nil
    }

    /// `oauth1` or `oauth2`, for records.
    public var authScheme: String {
        switch credential {
        case .oauth1: "oauth1"
        case .oauth2: "oauth2"
        }
    }
}
