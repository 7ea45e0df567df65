/// One network's rules for its authorization endpoint: which clients, scopes and PKCE it accepts.
///
/// Pure, so each check is unit-tested. Checks run in RFC 6749's order: first whatever decides
/// whether redirecting is safe (client and redirect URI), then everything else, reported to the client.
struct AuthorizationPolicy: Sendable {
    /// How the network treats PKCE.
    enum PKCE: Sendable {
        /// An S256 challenge is required (X).
        case required
        /// An S256 challenge is honoured when sent (Facebook).
        case optional
        /// Challenges are ignored (LinkedIn's web flow).
        case ignored
    }

    var clients: [String: RegisteredClient]
    var knownScopes: Set<String>
    /// What separates scopes in the `scope` parameter: a space for X, also a comma for Facebook and LinkedIn.
    var scopeSeparators: Set<Character> = [" "]
    var pkce: PKCE
    var requiresState: Bool
    var requiresScope: Bool

    /// Decides what to do with the authorization endpoint's query parameters.
    func evaluate(_ parameters: OAuth2Parameters) -> AuthorizationDecision {
        guard let clientID = parameters["client_id"], clients[clientID] != nil else {
            return .errorPage("The app asking for access is not registered (unknown or missing client_id).")
        }
        guard let redirectURI = parameters["redirect_uri"] else {
            return .errorPage("The request has no redirect_uri.")
        }
        guard LoopbackRedirectURI.isAllowed(redirectURI) else {
            return .errorPage("The redirect_uri is not registered for this app. The sandbox apps accept loopback redirects only: http://127.0.0.1:PORT/…, http://localhost:PORT/… or http://[::1]:PORT/….")
        }
        if let decision = parameters["sandbox_decision"], decision != "deny", decision != "approve" {
            return .errorPage("sandbox_decision must be approve or deny.")
        }
        let state = parameters["state"]
        switch validate(parameters) {
        case .failure(let refusal):
            return .redirectError(redirectURI: redirectURI, state: state, refusal)
        case .success(let (scopes, challenge)):
            // Sandbox extension: `sandbox_declined=a,b` plays a person who unticks those permissions (Facebook's "Edit
            // access"); the grant then lacks them, and the token's scopes say so.
            let declined = Set((parameters["sandbox_declined"] ?? "").split(separator: ",").map(String.init))
            return .valid(AuthorizationRequest(
                clientID: clientID,
                redirectURI: redirectURI,
                scopes: scopes.filter { !declined.contains($0) },
                state: state,
                codeChallenge: challenge,
                sandboxUser: parameters["sandbox_user"],
                denied: parameters["sandbox_decision"] == "deny"
            ))
        }
    }

    /// Everything checked once the redirect URI is known to be safe; returns the scopes and the challenge.
    private func validate(_ parameters: OAuth2Parameters) -> Result<([String], String?), OAuth2Refusal> {
        if let repeated = parameters.repeated {
            return .failure(OAuth2Refusal(.invalidRequest, "The parameter \"\(repeated)\" was sent more than once."))
        }
        guard parameters["response_type"] == "code" else {
            return .failure(OAuth2Refusal(.unsupportedResponseType, "response_type must be code."))
        }
        if requiresState, parameters["state"] == nil {
            return .failure(OAuth2Refusal(.invalidRequest, "The state parameter is required."))
        }
        return scopes(parameters["scope"]).flatMap { scopes in
            challenge(parameters).map { (scopes, $0) }
        }
    }

    /// The requested scopes in order, refusing a missing (when required) or unknown one.
    func scopes(_ text: String?) -> Result<[String], OAuth2Refusal> {
        let requested = (text ?? "").split { scopeSeparators.contains($0) }.map(String.init)
        if requiresScope, requested.isEmpty {
            return .failure(OAuth2Refusal(.invalidRequest, "The scope parameter is required."))
        }
        if let unknown = requested.first(where: { !knownScopes.contains($0) }) {
            return .failure(OAuth2Refusal(.invalidScope, "Scope \"\(unknown)\" is not authorized for this application."))
        }
        var seen = Set<String>()
        return .success(requested.filter { seen.insert($0).inserted })
    }

    /// The S256 challenge as this network's PKCE rule wants it.
    private func challenge(_ parameters: OAuth2Parameters) -> Result<String?, OAuth2Refusal> {
        guard pkce != .ignored else { return .success(nil) }
        guard let challenge = parameters["code_challenge"] else {
            return pkce == .required
                ? .failure(OAuth2Refusal(.invalidRequest, "code_challenge is required (PKCE, RFC 7636)."))
                : .success(nil)
        }
        guard parameters["code_challenge_method"] == "S256" else {
            return .failure(OAuth2Refusal(.invalidRequest, "code_challenge_method must be S256."))
        }
        let bytes = Array(challenge.utf8)
        let base64URL = bytes.allSatisfy { ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 95 }
        guard bytes.count == 43, base64URL else {
            return .failure(OAuth2Refusal(.invalidRequest, "code_challenge must be the 43-character base64url SHA-256 of the verifier."))
        }
        return .success(challenge)
    }
}
