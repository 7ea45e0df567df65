import CryptoPrimitives
import Foundation
import HTTPClient

/// A generic OAuth 2.0 client: authorization code with PKCE, refresh, revocation and device grant.
///
/// It knows no network; everything specific comes in an ``OAuth2ClientConfiguration``. Requests go
/// through an `HTTPTransport`, so tests substitute a double for libcurl.
///
/// ```swift
/// let client = OAuth2Client(configuration: xConfiguration, transport: http)
/// let session = client.startAuthorization(redirectURI: listener.redirectURI)
/// // open session.url in a browser, then:
/// let code = try OAuth2Client.authorizationCode(fromRedirect: try await listener.waitForRedirect(timeout: .seconds(300)), session: session)
/// let tokens = try await client.exchange(code: code, session: session)
/// ```
///
/// Errors never quote a token, code, verifier or secret, and token requests always use a fresh
/// connection: a silent libcurl resend could spend a single-use code or refresh token twice.
public struct OAuth2Client: Sendable {
    public let configuration: OAuth2ClientConfiguration
    let transport: any HTTPTransport

    public init(configuration: OAuth2ClientConfiguration, transport: any HTTPTransport) {
        self.configuration = configuration
        self.transport = transport
    }

    /// Starts an authorization: a fresh `state` (32 random bytes, base64url) and, unless PKCE is
    /// off, a fresh verifier whose S256 challenge goes in the URL.
    ///
    /// Nothing is sent; open the returned ``OAuth2AuthorizationSession/url`` in a browser and keep
    /// the session until the person comes back.
    public func startAuthorization(redirectURI: String, now: Date = Date()) -> OAuth2AuthorizationSession {
        let state = Base64.encodeURL(SecureRandom.bytes(32))
        let verifier = configuration.usesPKCE ? PKCE.makeVerifier() : nil
        var parameters: [(String, String)] = [
            ("response_type", "code"),
            ("client_id", configuration.clientID),
            ("redirect_uri", redirectURI),
        ]
        if let scope = configuration.scopeParameter { parameters.append(("scope", scope)) }
        parameters.append(("state", state))
        if let verifier {
            parameters.append(("code_challenge", PKCE.challengeS256(verifier: verifier)))
            parameters.append(("code_challenge_method", "S256"))
        }
        parameters += configuration.extraAuthorizationParameters
        return OAuth2AuthorizationSession(
            url: Self.appendingQuery(parameters, to: configuration.authorizationEndpoint),
            state: state,
            codeVerifier: verifier,
            redirectURI: redirectURI,
            createdAt: now
        )
    }

    /// Exchanges the code from the redirect for tokens (RFC 6749 section 4.1.3), with the session's
    /// PKCE verifier and the same redirect URI.
    ///
    /// - Throws: ``OAuthError/Code/invalidGrant`` when the code expired or was used (start again),
    ///   ``OAuthError/Code/invalidClient`` for a client configuration problem, ``OAuthError/Code/transport``…
    public func exchange(code: String, session: OAuth2AuthorizationSession) async throws(OAuthError) -> OAuth2TokenResponse {
        var parameters = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", session.redirectURI)]
        if let verifier = session.codeVerifier { parameters.append(("code_verifier", verifier)) }
        return try await requestTokens(
            parameters: parameters,
            action: "Exchanging the authorization code at \(OAuthError.displayURL(configuration.tokenEndpoint))",
            secrets: [code, session.codeVerifier]
        )
    }

    /// Trades a refresh token for a new access token (RFC 6749 section 6).
    ///
    /// X's refresh tokens are single-use: store the returned ``OAuth2TokenResponse/refreshToken``
    /// before anything else, and after a ``OAuthError/Code/transport`` error with
    /// ``OAuthError/requestMayHaveBeenSent`` assume the old one may be spent.
    public func refresh(refreshToken: String) async throws(OAuthError) -> OAuth2TokenResponse {
        try await requestTokens(
            parameters: [("grant_type", "refresh_token"), ("refresh_token", refreshToken)],
            action: "Refreshing the access token at \(OAuthError.displayURL(configuration.tokenEndpoint))",
            secrets: [refreshToken]
        )
    }

    /// A token endpoint request with caller-chosen parameters (Facebook's
    /// `grant_type=fb_exchange_token&fb_exchange_token=…`), with the configured method, client
    /// authentication and error reading.
    ///
    /// Every parameter value except `grant_type`, `redirect_uri`, `scope`, `client_id` and
    /// `token_type_hint` is treated as secret and masked in error messages.
    public func tokenRequest(parameters: [(String, String)]) async throws(OAuthError) -> OAuth2TokenResponse {
        let notSecret: Set<String> = ["grant_type", "redirect_uri", "scope", "client_id", "token_type_hint"]
        return try await requestTokens(
            parameters: parameters,
            action: "The token request to \(OAuthError.displayURL(configuration.tokenEndpoint))",
            secrets: parameters.filter { !notSecret.contains($0.0) }.map(\.1)
        )
    }

    /// Revokes a token (RFC 7009) so it stops working at once, e.g. when an account is unlinked.
    ///
    /// - Parameter typeHint: `access_token` or `refresh_token`; empty sends no hint.
    /// - Throws: ``OAuthError/Code/invalidRequest`` when the configuration has no revocation endpoint.
    public func revoke(token: String, typeHint: String) async throws(OAuthError) {
        guard let endpoint = configuration.revocationEndpoint else {
            throw OAuthError(
                code: .invalidRequest,
                message: "This client has no revocation endpoint configured; revoke the app's access in the network's account settings instead."
            )
        }
        var parameters = [("token", token)]
        if !typeHint.isEmpty { parameters.append(("token_type_hint", typeHint)) }
        let action = "Revoking the token at \(OAuthError.displayURL(endpoint))"
        let redactor = redactor(for: [token])
        let response = try await send(endpoint: endpoint, method: "POST", parameters: parameters, action: action, redactor: redactor)
        guard response.isSuccess else {
            throw OAuthError.fromResponse(response, body: errorBody(response.body), action: action, redactor: redactor)
        }
    }

    /// Sends a token endpoint request and reads the tokens or the error.
    func requestTokens(parameters: [(String, String)], action: String, secrets: [String?]) async throws(OAuthError) -> OAuth2TokenResponse {
        let redactor = redactor(for: secrets)
        let response = try await send(
            endpoint: configuration.tokenEndpoint,
            method: configuration.tokenRequestMethod,
            parameters: parameters,
            action: action,
            redactor: redactor
        )
        return try tokens(from: response, action: action, redactor: redactor)
    }

    /// The tokens of a successful response, or the error it carries (some servers answer 200 with one).
    func tokens(from response: HTTPResponse, action: String, redactor: SecretRedactor) throws(OAuthError) -> OAuth2TokenResponse {
        let errorBody = self.errorBody(response.body)
        if response.isSuccess, errorBody == nil, let tokens = OAuth2TokenResponse.parse(response.body) {
            return tokens
        }
        if response.isSuccess, errorBody == nil {
            throw OAuthError(
                code: .invalidResponse,
                message: "\(action) failed: the server answered HTTP \(response.status) without an access_token. Check that the token endpoint URL is right.",
                httpStatus: response.status
            )
        }
        throw OAuthError.fromResponse(response, body: errorBody, action: action, redactor: redactor)
    }

    /// The error `body` carries, read with the network's own reader first.
    func errorBody(_ body: [UInt8]) -> OAuth2ErrorBody? {
        OAuth2ErrorBody.parse(body, reader: configuration.errorReader)
    }

    /// A redactor for this request's secrets plus the client secret.
    func redactor(for secrets: [String?]) -> SecretRedactor {
        SecretRedactor(secrets + [configuration.clientSecret])
    }

    /// `url` with `parameters` appended to its query (after `?`, or `&` when it already has one).
    static func appendingQuery(_ parameters: [(String, String)], to url: String) -> String {
        guard !parameters.isEmpty else { return url }
        let separator = url.contains("?") ? (url.hasSuffix("?") || url.hasSuffix("&") ? "" : "&") : "?"
        return url + separator + PercentEncoding.encodeForm(parameters)
    }
}
