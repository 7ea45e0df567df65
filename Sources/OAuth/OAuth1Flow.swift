import CryptoPrimitives
import HTTPClient
import JSONValue

/// The three-legged OAuth 1.0a flow (RFC 5849 section 2), as X still uses for user-context tokens.
///
/// ```swift
/// let flow = OAuth1Flow(consumerKey: key, consumerSecret: secret,
///                       requestTokenURL: "https://api.x.com/oauth/request_token",
///                       authorizeURL: "https://api.x.com/oauth/authorize",
///                       accessTokenURL: "https://api.x.com/oauth/access_token", transport: http)
/// let temporary = try await flow.requestToken()          // PIN-based: callback "oob"
/// print("Open \(flow.authorizationURL(for: temporary)) and type the PIN:")
/// let token = try await flow.accessToken(temporary: temporary, verifier: pin)
/// ```
///
/// Requests are signed with ``OAuth1Signer`` and sent on a fresh connection, so a verifier is
/// never spent by a silent resend. Errors never quote a secret, token or verifier.
public struct OAuth1Flow: Sendable {
    public let consumerKey: String
    let consumerSecret: String
    public let requestTokenURL: String
    public let authorizeURL: String
    public let accessTokenURL: String
    public let timeout: Duration
    let transport: any HTTPTransport

    public init(
        consumerKey: String,
        consumerSecret: String,
        requestTokenURL: String,
        authorizeURL: String,
        accessTokenURL: String,
        transport: any HTTPTransport,
        timeout: Duration = .seconds(30)
    ) {
        self.consumerKey = consumerKey
        self.consumerSecret = consumerSecret
        self.requestTokenURL = requestTokenURL
        self.authorizeURL = authorizeURL
        self.accessTokenURL = accessTokenURL
        self.transport = transport
        self.timeout = timeout
    }

    /// Obtains temporary credentials, signed with `oauth_callback`.
    ///
    /// - Parameter callback: where the person is sent after approving, or `oob` to be shown a PIN.
    /// - Throws: ``OAuthError/Code/invalidClient`` when the consumer key and secret are refused,
    ///   ``OAuthError/Code/invalidRequest`` when the callback is not allowed, and
    ///   ``OAuthError/Code/invalidResponse`` when the server does not confirm the callback.
    public func requestToken(callback: String = "oob") async throws(OAuthError) -> OAuth1TemporaryCredentials {
        let action = "Requesting a request token at \(OAuthError.displayURL(requestTokenURL))"
        let redactor = SecretRedactor([consumerSecret])
        let credentials = OAuth1Credentials(consumerKey: consumerKey, consumerSecret: consumerSecret)
        let fields = try await post(
            requestTokenURL, credentials: credentials, oauthParameters: [("oauth_callback", callback)],
            action: action, redactor: redactor
        ) { status in
            switch status {
            case 401: (.invalidClient, "the consumer key and secret were refused. Check them in the app's settings, and that this machine's clock is right (signatures carry a timestamp).")
            case 403: (.invalidRequest, "the app may not use this callback (\(callback)) or is not allowed to sign people in. Check the app's callback URLs and permissions.")
            default: nil
            }
        }
        guard let token = fields["oauth_token"], let secret = fields["oauth_token_secret"], !token.isEmpty, !secret.isEmpty else {
            throw Self.unreadable(action)
        }
        guard fields["oauth_callback_confirmed"] == "true" else {
            throw OAuthError(
                code: .invalidResponse,
                message: "\(action) failed: the server did not confirm the callback (oauth_callback_confirmed=true, required by OAuth 1.0a). Check that the URL is an OAuth 1.0a request token endpoint."
            )
        }
        return OAuth1TemporaryCredentials(token: token, secret: secret)
    }

    /// Where the person approves: the authorize URL with `oauth_token`.
    public func authorizationURL(for temporary: OAuth1TemporaryCredentials) -> String {
        OAuth2Client.appendingQuery([("oauth_token", temporary.token)], to: authorizeURL)
    }

    /// Exchanges the approved temporary credentials and the verifier (the PIN) for token credentials.
    ///
    /// Spaces around `verifier` are ignored, since people paste PINs with them.
    ///
    /// - Throws: ``OAuthError/Code/invalidGrant`` when the PIN was wrong or expired or the request
    ///   token was already used: start again.
    public func accessToken(temporary: OAuth1TemporaryCredentials, verifier: String) async throws(OAuthError) -> OAuth1AccessToken {
        let verifier = verifier.trimmingSpaces
        let action = "Exchanging the PIN for an access token at \(OAuthError.displayURL(accessTokenURL))"
        let redactor = SecretRedactor([consumerSecret, temporary.secret, temporary.token, verifier])
        let credentials = OAuth1Credentials(
            consumerKey: consumerKey, consumerSecret: consumerSecret, token: temporary.token, tokenSecret: temporary.secret
        )
        let fields = try await post(
            accessTokenURL, credentials: credentials, oauthParameters: [("oauth_verifier", verifier)],
            action: action, redactor: redactor
        ) { status in
            switch status {
            case 401, 403: (.invalidGrant, "the PIN was wrong or expired, or this request token was already used. Start linking again and enter the new PIN.")
            default: nil
            }
        }
        guard let token = fields["oauth_token"], let secret = fields["oauth_token_secret"], !token.isEmpty, !secret.isEmpty else {
            throw Self.unreadable(action)
        }
        return OAuth1AccessToken(token: token, secret: secret, userID: fields["user_id"], screenName: fields["screen_name"])
    }

    /// Signs and sends an empty POST, returning the form-encoded answer's fields.
    ///
    /// - Parameter explain: the code and explanation for a status this step knows; others get generic ones.
    private func post(
        _ url: String,
        credentials: OAuth1Credentials,
        oauthParameters: [(String, String)],
        action: String,
        redactor: SecretRedactor,
        explain: (Int) -> (OAuthError.Code, String)?
    ) async throws(OAuthError) -> [String: String] {
        let header = OAuth1Signer(credentials: credentials).authorizationHeader(
            method: "POST", url: url, extraOAuthParameters: oauthParameters
        )
        let request = HTTPRequest(
            method: "POST",
            url: url,
            headers: [HTTPHeader("Authorization", header)],
            body: [],
            connectTimeout: min(timeout, .seconds(10)),
            timeout: timeout,
            freshConnection: true
        )
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw OAuthError.fromTransport(error, action: action, redactor: redactor)
        }
        let fields = Self.formFields(response.body)
        guard response.isSuccess else {
            throw Self.failure(response, fields: fields, action: action, redactor: redactor, known: explain(response.status))
        }
        return fields
    }

    private static func failure(
        _ response: HTTPResponse,
        fields: [String: String],
        action: String,
        redactor: SecretRedactor,
        known: (OAuthError.Code, String)?
    ) -> OAuthError {
        let (code, explanation) = known ?? genericFailure(status: response.status)
        let problem = fields["oauth_problem"].map(redactor.scrub)
        var message = "\(action) failed: \(explanation)"
        if let said = serverMessage(response.body).map(redactor.scrub), !said.isEmpty {
            message += " The server said: \"\(said)\"."
        }
        return OAuthError(code: code, message: message, httpStatus: response.status, serverErrorCode: problem)
    }

    private static func genericFailure(status: Int) -> (OAuthError.Code, String) {
        switch status {
        case 429: (.rateLimited, "the server is limiting how often this app may call it. Wait and try again.")
        case 500...599: (.serverError, "the server failed or is unavailable (HTTP \(status)). Try again later.")
        default: (.invalidResponse, "the server answered HTTP \(status). Check the endpoint URLs.")
        }
    }

    /// The form-encoded answer's fields (first value wins); empty when the body is not a form.
    static func formFields(_ body: [UInt8]) -> [String: String] {
        let text = String(decoding: body, as: UTF8.self).trimmingSpaces
        guard !text.hasPrefix("{"), !text.hasPrefix("<"), let pairs = PercentDecoding.parseForm(text) else { return [:] }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    /// The first message of a JSON `{"errors": [{"message": …}]}` body, as X sends.
    private static func serverMessage(_ body: [UInt8]) -> String? {
        guard case .array(let errors)? = JSONValue.object(from: body)?["errors"],
            case .object(let first)? = errors.first
        else { return nil }
        return first["message"]?.text
    }

    private static func unreadable(_ action: String) -> OAuthError {
        OAuthError(
            code: .invalidResponse,
            message: "\(action) failed: the answer lacks oauth_token or oauth_token_secret. Check that the URL is an OAuth 1.0a endpoint."
        )
    }
}

extension OAuth1Flow: CustomStringConvertible {
    /// The consumer key and endpoints; the consumer secret never appears.
    public var description: String {
        "OAuth1Flow(consumerKey: \(consumerKey), requestTokenURL: \(OAuthError.displayURL(requestTokenURL)), consumerSecret: redacted)"
    }
}

extension OAuth1Flow: CustomReflectable {
    /// Keeps `dump(flow)` as safe as `print(flow)`.
    public var customMirror: Mirror {
        Mirror(self, children: ["consumerKey": consumerKey, "requestTokenURL": requestTokenURL], displayStyle: .struct)
    }
}
