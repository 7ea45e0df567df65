import HTTPClient

/// Turning what a server or the transport said into an ``OAuthError`` a person can act on.
extension OAuthError {
    /// The error for a response that carries no usable result.
    ///
    /// - Parameters:
    ///   - action: what was being done, for the start of the message ("Refreshing the token at …").
    ///   - body: the parsed error body, when the body had one.
    ///   - redactor: masks the request's secrets in any text quoted from the server.
    static func fromResponse(
        _ response: HTTPResponse,
        body: OAuth2ErrorBody?,
        action: String,
        redactor: SecretRedactor
    ) -> OAuthError {
        let code = body?.code ?? fallbackCode(status: response.status, hasBody: body != nil)
        var message = "\(action) failed: \(explanation(for: code, status: response.status))"
        if let hint = body?.hint { message += " " + hint }
        if let said = body?.serverMessage.map(redactor.scrub), !said.isEmpty {
            message += " The server said: \"\(said)\"."
        }
        return OAuthError(
            code: code,
            message: message,
            httpStatus: response.status,
            serverErrorCode: body?.identifier.map(redactor.scrub)
        )
    }

    /// The error for a request that got no response (or whose task was cancelled).
    static func fromTransport(_ error: any Error, action: String, redactor: SecretRedactor) -> OAuthError {
        if error is CancellationError {
            return OAuthError(code: .cancelled, message: "\(action) was cancelled.", requestMayHaveBeenSent: true, cause: error)
        }
        guard let http = error as? HTTPClientError else {
            // An unknown error type: its text is not known to be safe, so only its type is named.
            return OAuthError(
                code: .transport,
                message: "\(action) failed: the transport threw \(type(of: error)). It may have reached the server.",
                requestMayHaveBeenSent: true,
                cause: error
            )
        }
        let code: Code = http.code == .cancelled ? .cancelled : .transport
        let outcome = http.requestMayHaveBeenSent
            ? "The request may have reached the server; a single-use code or refresh token may be used up."
            : "Nothing was sent; it is safe to try again."
        return OAuthError(
            code: code,
            message: "\(action) failed: \(redactor.scrub(http.message)) \(outcome)",
            requestMayHaveBeenSent: http.requestMayHaveBeenSent,
            cause: http
        )
    }

    private static func fallbackCode(status: Int, hasBody: Bool) -> Code {
        switch status {
        case 401: .invalidClient
        case 400 where hasBody: .invalidRequest
        case 429: .rateLimited
        case 500...599: .serverError
        default: .invalidResponse
        }
    }

    private static func explanation(for code: Code, status: Int) -> String {
        switch code {
        case .invalidGrant:
            "the authorization code, refresh token or token was refused (expired, already used or revoked). Link the account again."
        case .invalidClient:
            "the client was refused. Check the client ID and secret, and that the client authentication style is the one the network documents."
        case .invalidRequest:
            "the request was refused as invalid. Check the configured endpoints, scopes and redirect URI."
        case .accessDenied:
            "access was denied: the person refused, or the app lacks a permission the network requires."
        case .expiredToken:
            "the code expired before it was approved. Start again."
        case .serverError:
            "the server failed or is unavailable (HTTP \(status)). Try again later."
        case .rateLimited:
            "the server is limiting how often this client may call it. Wait and try again."
        default:
            "the server answered HTTP \(status) with a body this library cannot read. Check that the endpoint URL is right."
        }
    }

    /// A URL fit for a message: scheme, host and path, never the query (Facebook puts the client secret there).
    static func displayURL(_ url: String) -> String {
        let end = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        var shown = url[..<end]
        if let scheme = shown.range(of: "://"), let at = shown[scheme.upperBound...].firstIndex(of: "@"),
            !shown[scheme.upperBound..<at].contains("/")
        {
            shown = shown[..<scheme.upperBound] + shown[shown.index(after: at)...]
        }
        return String(shown)
    }
}
