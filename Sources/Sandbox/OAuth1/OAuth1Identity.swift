/// Who signed an accepted OAuth 1.0a request.
public struct OAuth1Identity: Sendable, Equatable {
    /// The app's consumer key.
    public var consumerKey: String
    /// The access (or request) token, when the request was made in user context.
    public var token: String?
    /// Every `oauth_*` parameter except the signature, for flows that read `oauth_callback` or `oauth_verifier`.
    public var oauthParameters: [String: String]

    public init(consumerKey: String, token: String?, oauthParameters: [String: String] = [:]) {
        self.consumerKey = consumerKey
        self.token = token
        self.oauthParameters = oauthParameters
    }
}
