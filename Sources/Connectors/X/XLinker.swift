import Foundation
import HTTPClient
import OAuth
import SchedulerCore

/// Links X accounts: OAuth 2.0 with PKCE and `offline.access` (the default), or OAuth 1.0a with a PIN.
/// X's refresh tokens are single-use: the caller stores the rotated pair before using it.
public struct XLinker: AccountLinker {
    public let network = Network.x
    let app: XApp
    let transport: any HTTPTransport
    let connector: XConnector

    public init(app: XApp, transport: any HTTPTransport) {
        self.app = app
        self.transport = transport
        self.connector = XConnector(configuration: .init(apiBaseURL: app.apiBaseURL, consumerKey: app.consumerKey ?? "",
                                                         consumerSecret: app.consumerSecret ?? ""), transport: transport)
    }

    public var methods: [LinkMethod] {
        (app.clientID != nil ? [.oauth2] : []) + (app.consumerKey != nil ? [.oauth1] : [])
    }

    var oauth2: OAuth2Client? {
        guard let clientID = app.clientID else { return nil }
        return OAuth2Client(configuration: OAuth2ClientConfiguration(
            clientID: clientID, clientSecret: app.clientSecret, authentication: app.clientSecret == nil ? .none : .basic,
            authorizationEndpoint: app.authBaseURL + "/i/oauth2/authorize", tokenEndpoint: app.apiBaseURL + "/2/oauth2/token",
            revocationEndpoint: app.apiBaseURL + "/2/oauth2/revoke", scopes: XApp.scopes), transport: transport)
    }

    var oauth1: OAuth1Flow? {
        guard let key = app.consumerKey, let secret = app.consumerSecret else { return nil }
        return OAuth1Flow(consumerKey: key, consumerSecret: secret, requestTokenURL: app.apiBaseURL + "/oauth/request_token",
                          authorizeURL: app.authBaseURL + "/oauth/authorize", accessTokenURL: app.apiBaseURL + "/oauth/access_token",
                          transport: transport)
    }

    public func start(method: LinkMethod, redirectURI: String, options: LinkOptions) async throws(LinkError) -> PendingLink {
        switch method {
        case .oauth2:
            guard let client = oauth2 else { throw LinkError(.misconfigured, "X OAuth 2.0 needs networks.x.client_id in the configuration") }
            let session = client.startAuthorization(redirectURI: redirectURI)
            return PendingLink(network: .x, method: .oauth2, authorizationURL: session.url, redirectURI: redirectURI, oauth2: session)
        case .oauth1:
            guard let flow = oauth1 else { throw LinkError(.misconfigured, "X OAuth 1.0a needs networks.x.consumer_key and its secret") }
            do {
                let temporary = try await flow.requestToken(callback: redirectURI)
                return PendingLink(network: .x, method: .oauth1, authorizationURL: flow.authorizationURL(for: temporary),
                                   redirectURI: redirectURI, oauth1: temporary)
            } catch {
                throw LinkError(error, network: "X")
            }
        }
    }

    public func complete(_ pending: PendingLink, response: String, options: LinkOptions) async throws(LinkError) -> LinkedAccount {
        let credentials: AccountCredentials
        let authKind: AuthKind
        var notes: [String] = []
        switch pending.method {
        case .oauth2:
            guard let client = oauth2, let session = pending.oauth2 else { throw LinkError(.unsupported, "X OAuth 2.0 is not configured") }
            do {
                let code = try OAuth2Client.authorizationCode(fromRedirect: response, session: session)
                let tokens = try await client.exchange(code: code, session: session)
                credentials = .oauth2(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken,
                                      expiresAt: tokens.expiresAt(from: Date()), scopes: tokens.scope?.split(separator: " ").map(String.init) ?? [])
            } catch {
                throw LinkError(error, network: "X")
            }
            // X answers with the scopes it granted; with none named, there is nothing to judge.
            if !credentials.scopes.isEmpty { notes = try PublishingPermissions.xOAuth2.check(credentials.scopes, remedy: Self.oauth2Remedy) }
            authKind = .oauth2
        case .oauth1:
            guard let flow = oauth1, let temporary = pending.oauth1 else { throw LinkError(.unsupported, "X OAuth 1.0a is not configured") }
            let verifier = try Self.verifier(from: response, pending: pending)
            do {
                let token = try await flow.accessToken(temporary: temporary, verifier: verifier)
                credentials = .oauth1(token: token.token, tokenSecret: token.secret)
            } catch {
                throw LinkError(error, network: "X")
            }
            authKind = .oauth1
        }
        let profile = try await writableProfile(credentials) { error in
            LinkError(error.code == .authFailure ? .invalidInput : .unavailable, "X did not confirm the new token: \(error.message)")
        }
        return LinkedAccount(profile: profile, credentials: credentials, authKind: authKind, notes: notes)
    }

    /// Who the credentials belong to; an OAuth 1.0a token X calls read-only is refused (`.unfit`), since its every post
    /// would be refused with `oauth1-permissions`. Without the header there is nothing to judge. `refused` words X's refusal.
    func writableProfile(_ credentials: AccountCredentials, refused: (ConnectorError) -> LinkError) async throws(LinkError) -> AccountProfile {
        let profile: AccountProfile
        let accessLevel: String?
        do { (profile, accessLevel) = try await connector.verifyWithAccessLevel(credentials: credentials) } catch { throw refused(error) }
        if credentials.scheme == .oauth1, accessLevel == "read" {
            throw LinkError(.unfit, "X: this token is read-only (X's access level \"read\"), so X refuses its posts; nothing was stored. "
                + "Set the app's permissions to \"Read and write\" in the developer portal (User authentication settings), then "
                + "regenerate the access token and secret, since a token keeps the level it was made with, and add the new pair "
                + "(or link again with `schedctl accounts link x --oauth1`)")
        }
        return profile
    }

    static let oauth2Remedy = "Link again with `schedctl accounts link x` and approve; if X's page does not offer posting, set the app's "
        + "permissions to \"Read and write\" in the developer portal first"

    /// A PIN typed in headless mode, or the verifier in the callback URL.
    static func verifier(from response: String, pending: PendingLink) throws(LinkError) -> String {
        let trimmed = response.trimmingCharacters(in: .whitespacesAndNewlines)
        if pending.redirectURI == "oob" {
            guard !trimmed.isEmpty, trimmed.allSatisfy(\.isNumber) else {
                throw LinkError(.invalidInput, "'\(trimmed.prefix(20))' is not a PIN: X shows a number of digits after you approve")
            }
            return trimmed
        }
        guard let components = URLComponents(string: trimmed),
              let token = components.queryItems?.first(where: { $0.name == "oauth_token" })?.value,
              let verifier = components.queryItems?.first(where: { $0.name == "oauth_verifier" })?.value else {
            throw LinkError(.invalidInput, "the callback URL holds no oauth_verifier; paste the whole address X redirected to")
        }
        guard token == pending.oauth1?.token else {
            throw LinkError(.invalidInput, "this callback belongs to another authorization; start again with `schedctl accounts link x`")
        }
        return verifier
    }

    public func identify(_ credentials: AccountCredentials) async throws(LinkError) -> AccountProfile {
        try await writableProfile(credentials) { error in
            LinkError(error.code == .authFailure || error.code == .permanent ? .invalidInput : .unavailable,
                      "X did not accept these credentials: \(error.message)")
        }
    }

    public func refresh(_ credentials: AccountCredentials) async throws(LinkError) -> AccountCredentials {
        guard credentials.scheme == .oauth2, let refreshToken = credentials.refreshToken, let client = oauth2 else {
            throw LinkError(.unsupported, "this X account has no refresh token")
        }
        do {
            let tokens = try await client.refresh(refreshToken: refreshToken)
            return .oauth2(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken ?? refreshToken,
                           expiresAt: tokens.expiresAt(from: Date()), scopes: credentials.scopes)
        } catch {
            throw LinkError(error, network: "X", refreshing: true)
        }
    }

    public func revoke(_ credentials: AccountCredentials) async throws(LinkError) -> Bool {
        guard credentials.scheme == .oauth2, let client = oauth2 else { return false }
        do {
            if let refreshToken = credentials.refreshToken { try await client.revoke(token: refreshToken, typeHint: "refresh_token") }
            try await client.revoke(token: credentials.token, typeHint: "access_token")
            return true
        } catch {
            throw LinkError(error, network: "X")
        }
    }
}
