import Foundation

/// One started authorization: what the person opens, and what must match when they come back.
///
/// `Codable` because the daemon keeps it (sealed, since the verifier is a secret) while the person
/// approves in a browser, which can take minutes and outlive a request. Its description and mirror
/// never show the state or the PKCE verifier.
public struct OAuth2AuthorizationSession: Sendable, Codable, Equatable {
    /// The authorization URL to open in a browser.
    public let url: String
    /// The random value the redirect must carry back unchanged (CSRF protection, RFC 6749 section 10.12).
    public let state: String
    /// The PKCE verifier whose S256 challenge is in ``url``; `nil` when PKCE is off.
    public let codeVerifier: String?
    /// Where the server sends the person back; the code exchange must repeat it exactly.
    public let redirectURI: String
    public let createdAt: Date

    public init(url: String, state: String, codeVerifier: String?, redirectURI: String, createdAt: Date) {
        self.url = url
        self.state = state
        self.codeVerifier = codeVerifier
        self.redirectURI = redirectURI
        self.createdAt = createdAt
    }
}

extension OAuth2AuthorizationSession: CustomStringConvertible, CustomReflectable {
    public var description: String {
        "OAuth2AuthorizationSession(redirectURI: \(redirectURI), createdAt: \(createdAt), state and verifier: redacted)"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["redirectURI": redirectURI, "createdAt": createdAt], displayStyle: .struct)
    }
}
