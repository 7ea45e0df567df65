import Foundation
import HTTPClient
import OAuth
import SchedulerCore

/// Links a Mastodon account on any instance: the app is registered on the instance once (per redirect address, kept by
/// ``InstanceApps``), then OAuth 2.0's authorization code with PKCE asks for the narrowest scopes that publish and look
/// up: `write:statuses write:media read:statuses`, and `profile` to learn who the account is (`read:accounts` on
/// instances older than 4.3, which lack `profile`). Tokens do not expire; unlinking revokes them.
public struct MastodonLinker: AccountLinker {
    public let network = Network.mastodon
    public let methods: [LinkMethod] = [.oauth2]
    let apps: any InstanceApps
    let transport: any HTTPTransport

    public init(apps: any InstanceApps, transport: any HTTPTransport) {
        self.apps = apps
        self.transport = transport
    }

    public func start(method: LinkMethod, redirectURI: String, options: LinkOptions) async throws(LinkError) -> PendingLink {
        let instance = try Self.instance(options.instance)
        let api = MastodonAPI(instance: instance, transport: transport)
        let scopes = (await api.offersProfileScope() ? ["profile"] : ["read:accounts"]) + ["write:statuses", "write:media", "read:statuses"]
        let session = try await client(instance: instance, redirectURI: redirectURI, scopes: scopes, api: api).startAuthorization(redirectURI: redirectURI)
        var pending = PendingLink(network: .mastodon, method: .oauth2, authorizationURL: session.url, redirectURI: redirectURI, oauth2: session)
        pending.service = instance
        return pending
    }

    public func complete(_ pending: PendingLink, response: String, options: LinkOptions) async throws(LinkError) -> LinkedAccount {
        guard let session = pending.oauth2, let instance = pending.service else { throw LinkError(.unsupported, "Mastodon: no pending login") }
        let api = MastodonAPI(instance: instance, transport: transport)
        let client = try await client(instance: instance, redirectURI: pending.redirectURI, scopes: [], api: api)
        var credentials: AccountCredentials
        do {
            let code = try OAuth2Client.authorizationCode(fromRedirect: response, session: session)
            let tokens = try await client.exchange(code: code, session: session)
            credentials = .oauth2(accessToken: tokens.accessToken, refreshToken: nil, expiresAt: nil,
                                  scopes: tokens.scope?.split(separator: " ").map(String.init) ?? [])
        } catch {
            throw LinkError(error, network: "Mastodon")
        }
        credentials.serviceURL = instance
        credentials.clientID = client.configuration.clientID
        credentials.clientSecret = client.configuration.clientSecret
        // The token answer names the scopes granted; with none named, there is nothing to judge.
        guard credentials.scopes.isEmpty || credentials.scopes.contains("write:statuses") || credentials.scopes.contains("write") else {
            throw LinkError(.unfit, "Mastodon granted no write:statuses, which publishing needs; link again and allow it")
        }
        var linked = LinkedAccount(profile: try await identify(credentials), credentials: credentials, authKind: .oauth2)
        linked.instanceLimits = try? await api.limits()
        return linked
    }

    /// An imported token (`accounts add mastodon`) is sent only to the instance it was named with, whose limits are read
    /// with it, as a link reads them.
    public func inspect(_ credentials: AccountCredentials) async throws(LinkError) -> InspectedToken {
        guard let instance = credentials.serviceURL else {
            throw LinkError(.invalidInput, "a Mastodon token needs its instance: --instance https://mastodon.example")
        }
        var inspected = InspectedToken(credentials: credentials)
        inspected.instanceLimits = try? await MastodonAPI(instance: instance, transport: transport).limits()
        return inspected
    }

    public func identify(_ credentials: AccountCredentials) async throws(LinkError) -> AccountProfile {
        guard let instance = credentials.serviceURL else { throw LinkError(.invalidInput, "Mastodon: name the account's instance") }
        do {
            let api = MastodonAPI(instance: instance, transport: transport)
            let me = try await api.whoAmI(token: credentials.token)
            let host = await api.domain()
            let handle = me.handle.contains("@") ? me.handle : "\(me.handle)@\(host)"
            return AccountProfile(remoteID: "\(me.remoteID)@\(host)", handle: handle, displayName: me.displayName)
        } catch {
            throw error.code == .authFailure || error.code == .permanent
                ? LinkError(.invalidInput, "Mastodon refused the token: \(error.message)") : LinkError(.unavailable, "Mastodon: \(error.message)")
        }
    }

    public func refresh(_ credentials: AccountCredentials) async throws(LinkError) -> AccountCredentials {
        throw LinkError(.unsupported, "Mastodon tokens do not expire and cannot be renewed; link the account again")
    }

    /// `POST /oauth/revoke` with the app that was granted the token.
    public func revoke(_ credentials: AccountCredentials) async throws(LinkError) -> Bool {
        guard let instance = credentials.serviceURL, let clientID = credentials.clientID, let secret = credentials.clientSecret else { return false }
        let body = FormBody.encode([("client_id", clientID), ("client_secret", secret), ("token", credentials.token)])
        do {
            let response = try await ConnectorTransport(transport: transport, network: "Mastodon", timeout: .seconds(30))
                .send("POST", instance.trimmingTrailingSlash + "/oauth/revoke", headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                      body: body, publishing: false)
            return response.status == 200
        } catch {
            throw LinkError(.unavailable, "Mastodon: \(error.message)")
        }
    }

    /// The OAuth client of schedulerd's app on `instance`, registered there first if it is not yet.
    func client(instance: String, redirectURI: String, scopes: [String], api: MastodonAPI) async throws(LinkError) -> OAuth2Client {
        let app: (clientID: String, clientSecret: String)
        do {
            app = try await apps.app(instance: instance, redirectURI: redirectURI) { () throws(ConnectorError) in
                try await api.registerApp(redirectURI: redirectURI, scopes: scopes)
            }
        } catch let error as ConnectorError {
            throw LinkError(error.code == .retryable || error.code == .uncertain ? .unavailable : .invalidInput,
                            "Mastodon: \(instance) did not register the app: \(error.message)")
        } catch {
            throw LinkError(.unavailable, "Mastodon: the app for \(instance) could not be kept: \(error)")
        }
        return OAuth2Client(configuration: OAuth2ClientConfiguration(
            clientID: app.clientID, clientSecret: app.clientSecret, authentication: .formParameters,
            authorizationEndpoint: instance + "/oauth/authorize", tokenEndpoint: instance + "/oauth/token",
            revocationEndpoint: instance + "/oauth/revoke", scopes: scopes, usesPKCE: true), transport: transport)
    }

    /// The instance's base URL: https (plain http only on loopback), no path.
    static func instance(_ given: String?) throws(LinkError) -> String {
        guard let given, !given.isEmpty else { throw LinkError(.invalidInput, "Mastodon: name the instance, e.g. --instance https://mastodon.social") }
        let text = given.contains("://") ? given : "https://\(given)"
        guard let url = URL(string: text), let host = url.host, let scheme = url.scheme?.lowercased(),
              scheme == "https" || (scheme == "http" && ["127.0.0.1", "localhost", "::1"].contains(host)) else {
            throw LinkError(.invalidInput, "Mastodon: '\(given)' is not an instance's https:// address")
        }
        return "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")"
    }
}
