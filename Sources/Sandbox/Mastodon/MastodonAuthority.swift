#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives

/// Tokens as `POST /oauth/token` answers them: no `expires_in` and no refresh token, since Mastodon's tokens do not
/// expire (`access_token_expires_in nil`; docs/research/mastodon.md §1). Holds a secret: only ever a response body.
struct MastodonTokenGrant: Sendable {
    var accessToken: String
    var scopes: [String]
    var createdAt: Date
}

/// One instance's OAuth server: registered apps, authorization codes (10 minutes, single use, S256 PKCE) and tokens.
///
/// Apps are registered while it runs, so ``OAuth2Authority`` (whose clients are fixed) does not fit; its two ledgers
/// do, and are reused. An actor because a code's redemption and the token it yields change together.
actor MastodonAuthority {
    /// Doorkeeper's default code lifetime, which Mastodon leaves as it is.
    static let codeLifetime: TimeInterval = 600

    private let recorder: Recorder
    private var apps: [String: MastodonApp] = [:]
    private var appOrder: [String] = []
    private var mintingApp: MastodonApp?
    private var codes = AuthorizationCodeLedger(lifetime: MastodonAuthority.codeLifetime)
    private var tokens = TokenLedger()
    /// The client each token was issued to, revoked or not: `POST /oauth/revoke` answers 403 for another app's.
    private var tokenClients: [String: String] = [:]

    init(recorder: Recorder) {
        self.recorder = recorder
    }

    /// Registers an app; its id and secret are fresh random strings, remembered as secrets for leak tests.
    func register(_ registration: MastodonAppRegistration) async -> MastodonApp {
        let app = store(registration)
        await recorder.rememberSecret(app.clientSecret)
        return app
    }

    /// The app the token helper mints with, registered on first use with every scope and the out-of-band redirect.
    func mintingApp() async -> MastodonApp {
        if let mintingApp { return mintingApp }
        let app = store(MastodonAppRegistration(
            name: "Sandbox token helper", website: nil, redirectURIs: [MastodonAppRegistration.outOfBand], scopes: MastodonScopes.known.sorted()
        ))
        mintingApp = app
        await recorder.rememberSecret(app.clientSecret)
        return app
    }

    /// Files an app before any suspension, so concurrent registrations never share an id.
    private func store(_ registration: MastodonAppRegistration) -> MastodonApp {
        let app = MastodonApp(
            id: String(apps.count + 1), name: registration.name, website: registration.website,
            clientID: SecureRandom.alphanumeric(43), clientSecret: SecureRandom.alphanumeric(43),
            redirectURIs: registration.redirectURIs, scopes: registration.scopes
        )
        apps[app.clientID] = app
        appOrder.append(app.clientID)
        return app
    }

    func app(clientID: String) -> MastodonApp? {
        apps[clientID]
    }

    /// Every app registered, oldest first.
    func allApps() -> [MastodonApp] {
        appOrder.compactMap { apps[$0] }
    }

    /// The app whose id and secret these are, or 401 `invalid_client`.
    func authenticateClient(id: String?, secret: String?) -> Result<MastodonApp, MastodonError> {
        guard let id, let app = apps[id], let secret, ConstantTime.equals(secret, app.clientSecret) else {
            return .failure(MastodonOAuthErrors.invalidClient(id == nil ? "No client_id was sent." : "Unknown client or wrong client_secret."))
        }
        return .success(app)
    }

    /// A code for an approved authorization by account `subject`.
    func issueCode(app: MastodonApp, redirectURI: String, scopes: [String], subject: String, challenge: String, now: Date) -> String {
        codes.issue(.init(clientID: app.clientID, redirectURI: redirectURI, scopes: scopes, subject: subject, codeChallenge: challenge), now: now)
    }

    /// `grant_type=authorization_code`: the code must be this app's, unexpired, unused, for this redirect URI and verifier.
    func exchange(code: String, app: MastodonApp, redirectURI: String?, verifier: String?, now: Date) async -> Result<MastodonTokenGrant, MastodonError> {
        switch codes.redeem(code, clientID: app.clientID, redirectURI: redirectURI, verifier: verifier, now: now) {
        case .refused(let refusal), .replayed(let refusal, _):
            return .failure(MastodonOAuthErrors.invalidGrant(refusal))
        case .granted(let grant):
            return .success(await issue(app: app, subject: grant.subject, scopes: grant.scopes, grant: "authorization_code", now: now))
        }
    }

    /// A token with no user (`client_credentials`, or the token helper's), or for account `subject`.
    func issue(app: MastodonApp, subject: String, scopes: [String], grant: String, now: Date) async -> MastodonTokenGrant {
        let family = tokens.openFamily(clientID: app.clientID, subject: subject, scopes: scopes)
        let token = tokens.issueAccessToken(in: family, expiresAt: nil, grant: grant)
        tokenClients[token] = app.clientID
        await recorder.rememberSecret(token)
        await recorder.record(IssuedToken(network: MastodonSandboxNetwork.networkName, kind: .accessToken, issuedAt: SandboxTimestamp.rfc3339(now), grant: grant))
        return MastodonTokenGrant(accessToken: token, scopes: scopes, createdAt: now)
    }

    /// What a bearer token stands for, or the 401 the instance answers.
    func validate(_ token: String, now: Date) -> Result<TokenInfo, MastodonError> {
        tokens.validate(token, now: now).mapError { refusal -> MastodonError in
            refusal.code == .revokedToken ? .revokedToken : .invalidToken
        }
    }

    /// `POST /oauth/revoke`: nothing for an unknown token, 403 for another app's, else the token stops working.
    func revoke(_ token: String, app: MastodonApp, now: Date) async -> Result<Void, MastodonError> {
        guard let owner = tokenClients[token] else { return .success(()) }
        guard owner == app.clientID else { return .failure(MastodonOAuthErrors.notYourToken) }
        let count = tokens.revoke(token, clientID: app.clientID, reason: .revokeEndpoint, now: now)
        await recorder.record(TokenRevocation(
            network: MastodonSandboxNetwork.networkName, revokedAt: SandboxTimestamp.rfc3339(now), reason: .revokeEndpoint, tokensRevoked: count
        ))
        return .success(())
    }
}
