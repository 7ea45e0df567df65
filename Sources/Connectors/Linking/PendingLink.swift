import Foundation
import OAuth
import SchedulerCore

/// A started authorization, kept by the daemon until the person comes back. Holds the PKCE verifier
/// and `state` (or X's temporary OAuth 1.0a token): never shown, never stored on disk.
public struct PendingLink: Sendable {
    public var network: Network
    public var method: LinkMethod
    /// What the person opens.
    public var authorizationURL: String
    public var redirectURI: String
    public var oauth2: OAuth2AuthorizationSession?
    public var oauth1: OAuth1TemporaryCredentials?
    public var createdAt: Date
    /// The server of the person's choosing the authorization runs on (a Mastodon instance).
    public var service: String?

    public init(network: Network, method: LinkMethod, authorizationURL: String, redirectURI: String,
                oauth2: OAuth2AuthorizationSession? = nil, oauth1: OAuth1TemporaryCredentials? = nil, createdAt: Date = Date()) {
        self.network = network; self.method = method; self.authorizationURL = authorizationURL; self.redirectURI = redirectURI
        self.oauth2 = oauth2; self.oauth1 = oauth1; self.createdAt = createdAt
    }

    /// What the person must paste back in headless mode.
    public var expects: String { method == .oauth1 && redirectURI == "oob" ? "pin" : "redirect_url" }
}
