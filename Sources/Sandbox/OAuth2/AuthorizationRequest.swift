/// A validated request to an authorization endpoint (RFC 6749 §4.1.1, RFC 7636 §4.3).
struct AuthorizationRequest: Sendable, Equatable {
    var clientID: String
    var redirectURI: String
    /// The requested scopes, in request order, without repeats.
    var scopes: [String]
    var state: String?
    /// The S256 PKCE challenge, when the client sent one (and the network honours it).
    var codeChallenge: String?
    /// Sandbox extension: who "signs in" (`sandbox_user`), `nil` for the network's default sandbox user.
    var sandboxUser: String?
    /// Sandbox extension: `sandbox_decision=deny` simulates a person refusing consent.
    var denied: Bool
}

/// What an authorization endpoint does with one request.
enum AuthorizationDecision: Sendable, Equatable {
    /// The client or the redirect URI cannot be trusted: show this message on an error page, never redirect.
    case errorPage(String)
    /// The request is wrong but the redirect URI is safe: send the error back to it (RFC 6749 §4.1.2.1).
    case redirectError(redirectURI: String, state: String?, OAuth2Refusal)
    /// A valid request, to approve (or deny, when the sandbox was told to).
    case valid(AuthorizationRequest)
}
