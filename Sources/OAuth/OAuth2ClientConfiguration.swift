import JSONValue

/// Everything network-specific about one OAuth 2.0 client, passed in by the caller.
///
/// The library knows no network: endpoints, scopes, how the client authenticates and the quirks
/// (Facebook's comma-separated scopes, GET code exchange and Graph-shaped errors) all come from here.
///
/// ```swift
/// let x = OAuth2ClientConfiguration(
///     clientID: id, clientSecret: nil, authentication: .none,
///     authorizationEndpoint: "https://x.com/i/oauth2/authorize",
///     tokenEndpoint: "https://api.x.com/2/oauth2/token",
///     revocationEndpoint: "https://api.x.com/2/oauth2/revoke",
///     scopes: ["tweet.read", "tweet.write", "users.read", "offline.access"]
/// )
/// ```
public struct OAuth2ClientConfiguration: Sendable {
    public var clientID: String
    /// The confidential client's secret; `nil` for a public client.
    public var clientSecret: String?
    public var authentication: OAuth2ClientAuthentication
    public var authorizationEndpoint: String
    public var tokenEndpoint: String
    /// RFC 7009 endpoint; `nil` when the network has none (revoking then fails with `.invalidRequest`).
    public var revocationEndpoint: String?
    /// RFC 8628 endpoint; `nil` when the network offers no device grant.
    public var deviceAuthorizationEndpoint: String?
    public var scopes: [String]
    /// What joins `scopes` in the `scope` parameter: a space per RFC 6749, a comma for Facebook.
    public var scopeSeparator: String
    /// Whether to send an S256 PKCE challenge (RFC 7636). On by default: it costs nothing and
    /// protects a code intercepted on its way back.
    public var usesPKCE: Bool
    /// `POST` (RFC 6749) or `GET` (Facebook's code exchange); with GET every parameter goes in the query.
    public var tokenRequestMethod: String
    /// Appended to the authorization URL (`prompt=consent`, `auth_type=rerequest`…).
    public var extraAuthorizationParameters: [(String, String)]
    /// How long one request to the server may take, connecting included.
    public var timeout: Duration
    /// Reads the network's own error shape before the standard ones; `nil` when the network uses only those.
    public var errorReader: OAuth2ErrorReader?

    public init(
        clientID: String,
        clientSecret: String? = nil,
        authentication: OAuth2ClientAuthentication,
        authorizationEndpoint: String,
        tokenEndpoint: String,
        revocationEndpoint: String? = nil,
        deviceAuthorizationEndpoint: String? = nil,
        scopes: [String],
        scopeSeparator: String = " ",
        usesPKCE: Bool = true,
        tokenRequestMethod: String = "POST",
        extraAuthorizationParameters: [(String, String)] = [],
        timeout: Duration = .seconds(30),
        errorReader: OAuth2ErrorReader? = nil
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.authentication = authentication
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.scopes = scopes
        self.scopeSeparator = scopeSeparator
        self.usesPKCE = usesPKCE
        self.tokenRequestMethod = tokenRequestMethod
        self.extraAuthorizationParameters = extraAuthorizationParameters
        self.timeout = timeout
        self.errorReader = errorReader
    }

    /// The `scope` parameter's value, or `nil` when there are no scopes (then it is not sent).
    var scopeParameter: String? {
        scopes.isEmpty ? nil : scopes.joined(separator: scopeSeparator)
    }
}

extension OAuth2ClientConfiguration: CustomStringConvertible, CustomReflectable {
    /// Client ID and endpoints; the client secret never appears.
    public var description: String {
        "OAuth2ClientConfiguration(clientID: \(clientID), clientSecret: \(clientSecret == nil ? "none" : "redacted"), "
            + "authentication: \(authentication), tokenEndpoint: \(tokenEndpoint))"
    }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "clientID": clientID,
                "clientSecret": clientSecret == nil ? "none" : "redacted",
                "authentication": authentication,
                "authorizationEndpoint": authorizationEndpoint,
                "tokenEndpoint": tokenEndpoint,
                "scopes": scopes,
            ],
            displayStyle: .struct
        )
    }
}
