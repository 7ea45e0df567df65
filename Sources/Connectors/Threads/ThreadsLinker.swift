import Foundation
import HTTPClient
import OAuth
import SchedulerCore

/// Links a Threads profile: OAuth at threads.net (no PKCE: Threads has none), the code exchanged for a short-lived
/// token (an hour), at once exchanged for a long-lived one (60 days, `th_exchange_token`), which is renewed before it
/// expires with `th_refresh_token` (possible once it is a day old). An expired one cannot be renewed: the account
/// needs relinking, which the token forecast warns of.
public struct ThreadsLinker: AccountLinker {
    public let network = Network.threads
    public let methods: [LinkMethod] = [.oauth2]
    let app: ThreadsApp
    let transport: any HTTPTransport
    let now: @Sendable () -> Date

    public init(app: ThreadsApp, transport: any HTTPTransport, now: @escaping @Sendable () -> Date = Date.init) {
        self.app = app; self.transport = transport; self.now = now
    }

    var client: OAuth2Client {
        OAuth2Client(configuration: OAuth2ClientConfiguration(
            clientID: app.appID, clientSecret: app.appSecret, authentication: .formParameters,
            authorizationEndpoint: app.authBaseURL + "/oauth/authorize", tokenEndpoint: app.graphBaseURL + "/oauth/access_token",
            revocationEndpoint: nil, scopes: ThreadsApp.scopes, usesPKCE: false), transport: transport)
    }

    var graph: ConnectorTransport { ConnectorTransport(transport: transport, network: "Threads", timeout: .seconds(30)) }

    public func start(method: LinkMethod, redirectURI: String, options: LinkOptions) async throws(LinkError) -> PendingLink {
        let session = client.startAuthorization(redirectURI: redirectURI)
        return PendingLink(network: .threads, method: .oauth2, authorizationURL: session.url, redirectURI: redirectURI, oauth2: session)
    }

    public func complete(_ pending: PendingLink, response: String, options: LinkOptions) async throws(LinkError) -> LinkedAccount {
        guard let session = pending.oauth2 else { throw LinkError(.unsupported, "Threads: no pending login") }
        let short: OAuth2TokenResponse
        do {
            let code = try OAuth2Client.authorizationCode(fromRedirect: response, session: session)
            short = try await client.exchange(code: code, session: session)
        } catch {
            throw LinkError(error, network: "Threads")
        }
        let query = "grant_type=th_exchange_token&client_secret=\(PercentEncodingQuery.encode(app.appSecret))&access_token=\(PercentEncodingQuery.encode(short.accessToken))"
        var credentials = try await longLived(path: "/access_token?" + query)
        credentials.scopes = short.scope?.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init) ?? ThreadsApp.scopes
        guard credentials.scopes.contains("threads_content_publish") else {
            throw LinkError(.unfit, "Threads granted no threads_content_publish, which publishing needs; link again and allow it")
        }
        return LinkedAccount(profile: try await identify(credentials), credentials: credentials, authKind: .oauth2)
    }

    public func identify(_ credentials: AccountCredentials) async throws(LinkError) -> AccountProfile {
        do {
            return try await ThreadsAPI(graph: app.graphBaseURL, transport: transport).whoAmI(token: credentials.token)
        } catch {
            throw error.code == .authFailure ? LinkError(.invalidInput, "Threads refused the token: \(error.message)")
                : LinkError(.unavailable, "Threads: \(error.message)")
        }
    }

    public func refresh(_ credentials: AccountCredentials) async throws(LinkError) -> AccountCredentials {
        var renewed = try await longLived(path: "/refresh_access_token?grant_type=th_refresh_token&access_token=\(PercentEncodingQuery.encode(credentials.token))",
                                          refreshing: true)
        renewed.scopes = credentials.scopes
        return renewed
    }

    /// Threads offers no revocation to an app; the person removes it in Threads' settings (Website permissions).
    public func revoke(_ credentials: AccountCredentials) async throws(LinkError) -> Bool { false }

    /// A long-lived token from `path` (the exchange or the refresh): it renews itself, so the token is its own refresh token.
    func longLived(path: String, refreshing: Bool = false) async throws(LinkError) -> AccountCredentials {
        let response: HTTPResponse
        do {
            response = try await graph.send("GET", app.graphBaseURL + path, headers: [], publishing: false)
        } catch {
            throw LinkError(.unavailable, "Threads: \(error.message)")
        }
        let answer = ConnectorTransport.json(response)
        guard response.status == 200, let token = answer?["access_token"]?.stringValue else {
            let said = answer?["error"]?["message"]?.stringValue ?? "HTTP \(response.status)"
            throw LinkError(refreshing ? .needsRelink : .invalidInput, "Threads refused the token exchange: \(said)")
        }
        let expiresIn = answer?["expires_in"]?.integer ?? 5_184_000
        return .oauth2(accessToken: token, refreshToken: token, expiresAt: now().addingTimeInterval(TimeInterval(expiresIn)))
    }
}

/// Percent-encoding for a query value (RFC 3986 unreserved kept).
enum PercentEncodingQuery {
    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? value
    }
}
