/// An OAuth 2.0 client registered with a sandbox authorization server, as a developer portal records it.
struct RegisteredClient: Sendable, Equatable {
    /// How the client proves who it is at the token and revoke endpoints (RFC 6749 §2.3).
    enum Authentication: Sendable, Equatable {
        /// `Authorization: Basic base64(client_id:client_secret)`: X's confidential clients.
        case basic
        /// `client_id` and `client_secret` as request parameters (form body or query): LinkedIn, Facebook.
        case parameters
        /// A public client: `client_id` only; PKCE alone protects the code.
        case none
    }

    var id: String
    /// The secret; `nil` for a public client.
    var secret: String?
    var authentication: Authentication
}
