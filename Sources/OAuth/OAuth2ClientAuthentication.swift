/// How the client proves who it is at the token, revocation and device endpoints.
///
/// Networks disagree (RFC 6749 section 2.3 allows several styles), so the caller picks the one the
/// network documents; the same style is used for every request of one client.
public enum OAuth2ClientAuthentication: Sendable, Hashable {
    /// `Authorization: Basic base64(enc(client_id):enc(client_secret))` (RFC 6749 section 2.3.1),
    /// as X's confidential clients do. `client_id` is then not repeated in the body.
    case basic
    /// `client_id` and `client_secret` in the form body, as LinkedIn expects.
    case formParameters
    /// `client_id` and `client_secret` in the URL query, as Facebook's `GET /oauth/access_token` expects.
    case queryParameters
    /// A public client (a CLI cannot keep a secret): only `client_id` in the body; PKCE protects the code.
    case none
}
