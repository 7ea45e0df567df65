import CryptoPrimitives

/// Reading the redirect a person pasted, or the loopback listener caught, back into a code.
extension OAuth2Client {
    /// The authorization code of `redirect`, once it is proven to answer `session`.
    ///
    /// Checked in order: it is a URL; it went to the session's redirect URI (scheme, host, port,
    /// path); it carries each parameter at most once; an `error` becomes ``OAuthError/Code/accessDenied``
    /// when the person refused (`access_denied`, `user_cancelled_authorize`, `user_denied`…); it is
    /// not another flow's redirect (OAuth 1.0a `oauth_verifier`, implicit `#access_token`); `state`
    /// equals the session's, compared in constant time; and a non-empty `code` is present.
    /// Surrounding spaces and quotes are ignored, since people paste what they copy.
    ///
    /// - Throws: ``OAuthError/Code/stateMismatch``, ``OAuthError/Code/accessDenied`` or
    ///   ``OAuthError/Code/invalidRedirect``, with a message saying what to do. Messages never
    ///   contain the code or the state.
    public static func authorizationCode(
        fromRedirect redirect: String,
        session: OAuth2AuthorizationSession
    ) throws(OAuthError) -> String {
        let text = redirect.trimmingSpaces.trimmingQuotes
        let expected = RedirectTarget(session.redirectURI)
        guard let received = RedirectTarget(text), let expected else {
            throw invalid("What was given is not a web address. Paste the whole address from the browser's address bar after approving; it starts with \(OAuthError.displayURL(session.redirectURI)).")
        }
        guard received.matches(expected) else {
            throw invalid("The redirect went to \(received.display), not to \(expected.display): it belongs to another app or linking attempt. Paste the address that starts with \(expected.display).")
        }
        let parameters = try queryParameters(of: received)
        if let error = parameters["error"] {
            try checkState(parameters["state"], session: session, required: false)
            throw refusal(error: error, parameters: parameters, session: session)
        }
        if parameters["code"] == nil {
            if parameters["oauth_verifier"] != nil || parameters["oauth_token"] != nil {
                throw invalid("This is an OAuth 1.0a redirect (it carries oauth_verifier), not the OAuth 2.0 one this linking expects. Start linking again with the same method.")
            }
            if received.fragment?.contains("access_token=") == true {
                throw invalid("This redirect carries a token in its fragment (the implicit flow), not an authorization code. Start linking again; the app must ask for response_type=code.")
            }
        }
        try checkState(parameters["state"], session: session, required: true)
        guard let code = parameters["code"], !code.isEmpty else {
            throw invalid("The redirect carries no authorization code. Paste the full address from the browser's address bar, including everything after the ?.")
        }
        return code
    }

    /// The decoded query, refusing undecodable escapes and repeated names (one of two `code`s could be planted).
    private static func queryParameters(of target: RedirectTarget) throws(OAuthError) -> [String: String] {
        guard let pairs = PercentDecoding.parseForm(target.query ?? "") else {
            throw invalid("The redirect's query is garbled (a broken %-escape). Copy the address again, whole and unchanged.")
        }
        var parameters: [String: String] = [:]
        for (name, value) in pairs {
            guard parameters.updateValue(value, forKey: name) == nil else {
                throw invalid("The redirect repeats the parameter \(PercentEncoding.encode(name)), so it cannot be trusted. Start linking again.")
            }
        }
        return parameters
    }

    private static func checkState(_ state: String?, session: OAuth2AuthorizationSession, required: Bool) throws(OAuthError) {
        guard let state else {
            guard required else { return }
            throw OAuthError(
                code: .stateMismatch,
                message: "The redirect carries no state, so it cannot be tied to this linking attempt. Paste the full address unchanged, or start linking again."
            )
        }
        guard ConstantTime.equals(state, session.state) else {
            throw OAuthError(
                code: .stateMismatch,
                message: "The redirect's state does not match this linking attempt: it comes from an older attempt or another browser tab, or it was altered. Start linking again and use only the newest link."
            )
        }
    }

    /// The error for a redirect carrying `error=` (RFC 6749 section 4.1.2.1).
    private static func refusal(error: String, parameters: [String: String], session: OAuth2AuthorizationSession) -> OAuthError {
        let reason = parameters["error_reason"]
        let refused = [error, reason ?? ""].contains { $0.contains("denied") || $0.contains("cancel") }
        let code: OAuthError.Code = refused ? .accessDenied : OAuth2ErrorBody.code(forRFCError: error) ?? .invalidRedirect
        let redactor = SecretRedactor([session.state, session.codeVerifier])
        let identifier = redactor.scrub(error)
        var message = refused
            ? "The person did not approve access (\(identifier)). To link the account, start again and choose Allow or Authorize."
            : "The authorization server refused the request (\(identifier)) before asking the person. Check the client ID, redirect URI and scopes in the app's settings."
        if let description = parameters["error_description"].map(redactor.scrub), !description.isEmpty {
            message += " The server said: \"\(description)\"."
        }
        return OAuthError(code: code, message: message, serverErrorCode: identifier)
    }

    private static func invalid(_ message: String) -> OAuthError {
        OAuthError(code: .invalidRedirect, message: message)
    }
}

/// The parts of a redirect URL compared against the expected redirect URI.
private struct RedirectTarget {
    var scheme: String
    var host: String
    var port: String?
    var path: String
    var query: String?
    var fragment: String?

    init?(_ url: String) {
        guard let parsed = RequestURL(url), !parsed.scheme.isEmpty, !parsed.host.isEmpty,
            parsed.scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        else { return nil }
        let scheme = parsed.scheme.lowercased()
        self.scheme = scheme
        host = parsed.host.lowercased()
        port = parsed.port.flatMap { $0.isEmpty || $0 == Self.defaultPort(scheme) ? nil : $0 }
        path = parsed.path.isEmpty ? "/" : parsed.path
        query = parsed.query
        fragment = url.firstIndex(of: "#").map { String(url[url.index(after: $0)...]) }
    }

    func matches(_ other: RedirectTarget) -> Bool {
        scheme == other.scheme && host == other.host && port == other.port && path == other.path
    }

    var display: String {
        "\(scheme)://\(host)\(port.map { ":" + $0 } ?? "")\(path)"
    }

    private static func defaultPort(_ scheme: String) -> String? {
        scheme == "https" ? "443" : scheme == "http" ? "80" : nil
    }
}

extension String {
    /// Without one pair of surrounding quotes or angle brackets, which terminals and chat apps add.
    var trimmingQuotes: String {
        for (open, close) in [("\"", "\""), ("'", "'"), ("<", ">")] where hasPrefix(open) && hasSuffix(close) && count >= 2 {
            return String(dropFirst().dropLast()).trimmingSpaces
        }
        return self
    }
}
