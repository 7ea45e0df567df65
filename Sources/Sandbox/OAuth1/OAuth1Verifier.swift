#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks an OAuth 1.0a (RFC 5849) HMAC-SHA1 signed request the way a real network does.
///
/// Written apart from the client: the header parser, the base string, the percent-encoding and the
/// HMAC (libcrypto's one-shot `HMAC`) are the sandbox's own (`Verification/`), so a bug in the client's
/// `OAuth1Signer` is refused here instead of being mirrored.
///
/// Pure: everything it needs is passed in (the token-secret lookup, the clock reading, the nonce
/// cache), so every rejection can be unit-tested, and every network emulation that speaks OAuth 1.0a
/// shares this one implementation. Checks run cheapest first; the nonce is only remembered once the
/// signature is good, so a forged request cannot burn a client's nonce.
public struct OAuth1Verifier: Sendable {
    /// The apps the sandbox knows: consumer key → consumer secret.
    public var consumers: [String: String]
    /// How far `oauth_timestamp` may be from `now`, in seconds.
    public var timestampTolerance: TimeInterval

    public init(consumers: [String: String], timestampTolerance: Duration = .seconds(300)) {
        self.consumers = consumers
        self.timestampTolerance = Double(timestampTolerance.components.seconds)
            + Double(timestampTolerance.components.attoseconds) / 1e18
    }

    /// An empty nonce cache that remembers nonces long enough for this verifier.
    ///
    /// Twice the tolerance: a request stamped `tolerance` seconds ahead of the clock stays acceptable
    /// until `2 × tolerance` after it first arrived, so its nonce must be remembered that long.
    public func makeNonceCache() -> NonceCache {
        NonceCache(window: 2 * timestampTolerance)
    }

    /// Verifies `request`, remembering its nonce in `nonces` when it is accepted.
    ///
    /// - Parameters:
    ///   - request: the signed parts of the request as received.
    ///   - requireToken: whether the endpoint needs user context (an `oauth_token`).
    ///   - tokenSecret: the secret of an issued token, or `nil` when the token is unknown.
    ///   - now: the server's clock reading.
    ///   - nonces: the nonces already seen (from ``makeNonceCache()``); updated on success.
    /// - Returns: who signed the request, or why it was refused.
    public func verify(
        _ request: OAuth1SignedRequest,
        requireToken: Bool = true,
        tokenSecret: (String) -> String?,
        now: Date,
        nonces: inout NonceCache
    ) -> Result<OAuth1Identity, OAuth1Rejection> {
        let oauth: [String: String]
        let signed: [(String, String)]
        do {
            (oauth, signed) = try Self.oauthParameters(from: request.authorization)
        } catch {
            return .failure(error)
        }
        let identity: OAuth1Identity
        let secrets: (consumer: String, token: String?)
        do {
            identity = try checkParameters(oauth, requireToken: requireToken)
            secrets = try lookUpSecrets(identity, tokenSecret: tokenSecret)
            try checkTimestamp(oauth["oauth_timestamp"]!, now: now)
            try checkSignature(request, signedOAuth: signed, given: oauth["oauth_signature"]!, secrets: secrets)
        } catch {
            return .failure(error)
        }
        let nonce = oauth["oauth_nonce"]!
        if nonces.contains(consumerKey: identity.consumerKey, token: identity.token, nonce: nonce, now: now) {
            return .failure(.init(code: .reusedNonce, message: "This oauth_nonce was already used with this token."))
        }
        nonces.insert(consumerKey: identity.consumerKey, token: identity.token, nonce: nonce, now: now)
        return .success(identity)
    }

    /// Parses the `Authorization` header into `oauth_*` values (by name) and the pairs that are signed
    /// (every `oauth_*` but `oauth_signature`; `realm` is not signed).
    static func oauthParameters(
        from header: String?
    ) throws(OAuth1Rejection) -> (byName: [String: String], signed: [(String, String)]) {
        guard let header, !header.allSatisfy(\.isWhitespace) else {
            throw .init(code: .missingHeader, message: "The request has no Authorization header.")
        }
        let scheme = header.drop(while: \.isWhitespace).prefix { !$0.isWhitespace }
        guard scheme.lowercased() == "oauth" else {
            throw .init(code: .unsupportedScheme, message: "Authorization scheme \"\(scheme)\" is not accepted here; use OAuth 1.0a.")
        }
        guard let pairs = OAuthHeaderFields.parse(header) else {
            throw .init(code: .malformedHeader, message: "The OAuth Authorization header could not be parsed: it must be OAuth name=\"value\", … with percent-encoded names and values.")
        }
        var byName: [String: String] = [:]
        var signed: [(String, String)] = []
        for (name, value) in pairs {
            guard byName.updateValue(value, forKey: name) == nil else {
                throw .init(code: .malformedHeader, message: "The parameter \(name) appears more than once.")
            }
            if name.hasPrefix("oauth_"), name != "oauth_signature" { signed.append((name, value)) }
        }
        byName["realm"] = nil
        guard byName.keys.contains(where: { $0.hasPrefix("oauth_") }) else {
            throw .init(code: .malformedHeader, message: "The Authorization header carries no oauth_ parameters.")
        }
        return (byName, signed)
    }

    /// Checks that the required parameters are present and supported, returning the signer's identity.
    private func checkParameters(_ oauth: [String: String], requireToken: Bool) throws(OAuth1Rejection) -> OAuth1Identity {
        for name in ["oauth_consumer_key", "oauth_signature_method", "oauth_signature", "oauth_timestamp", "oauth_nonce"] {
            guard let value = oauth[name], !value.isEmpty else {
                throw .init(code: .missingParameter, message: "The Authorization header has no \(name).")
            }
        }
        let method = oauth["oauth_signature_method"]!
        guard method == "HMAC-SHA1" else {
            throw .init(code: .unsupportedSignatureMethod, message: "Signature method \"\(method)\" is not supported; use HMAC-SHA1.")
        }
        if let version = oauth["oauth_version"], version != "1.0" {
            throw .init(code: .unsupportedVersion, message: "oauth_version must be \"1.0\" when present.")
        }
        let token = oauth["oauth_token"].flatMap { $0.isEmpty ? nil : $0 }
        if requireToken, token == nil {
            throw .init(code: .missingToken, message: "This endpoint needs user context: sign with an access token (oauth_token).")
        }
        var others = oauth
        others["oauth_signature"] = nil
        return OAuth1Identity(consumerKey: oauth["oauth_consumer_key"]!, token: token, oauthParameters: others)
    }

    /// Finds the consumer secret and the token secret, refusing keys and tokens that were never issued.
    private func lookUpSecrets(
        _ identity: OAuth1Identity,
        tokenSecret: (String) -> String?
    ) throws(OAuth1Rejection) -> (consumer: String, token: String?) {
        guard let consumerSecret = consumers[identity.consumerKey] else {
            throw .init(code: .unknownConsumerKey, message: "The consumer key is not one the sandbox issued.")
        }
        guard let token = identity.token else { return (consumerSecret, nil) }
        guard let secret = tokenSecret(token) else {
            throw .init(code: .unknownToken, message: "The oauth_token is not one the sandbox issued, or it was revoked (mint one with POST /_sandbox/x/tokens).")
        }
        return (consumerSecret, secret)
    }

    /// Refuses a timestamp that is not an integer or is further from `now` than the tolerance.
    private func checkTimestamp(_ text: String, now: Date) throws(OAuth1Rejection) {
        guard let timestamp = Int(text) else {
            throw .init(code: .malformedHeader, message: "oauth_timestamp must be whole seconds since 1970.")
        }
        let skew = abs(now.timeIntervalSince1970 - Double(timestamp))
        guard skew <= timestampTolerance else {
            throw .init(code: .staleTimestamp, message: "oauth_timestamp is \(Int(skew)) s away from the server clock; at most \(Int(timestampTolerance)) s is allowed.")
        }
    }

    /// Recomputes the signature over the query, the signed `oauth_*` values and the form body with the
    /// sandbox's own base string and libcrypto's one-shot HMAC, and compares.
    private func checkSignature(
        _ request: OAuth1SignedRequest,
        signedOAuth: [(String, String)],
        given: String,
        secrets: (consumer: String, token: String?)
    ) throws(OAuth1Rejection) {
        guard let baseString = SignatureBaseString.make(method: request.method, url: request.url, oauthParameters: signedOAuth,
                                                        formBody: request.formBody) else {
            throw .init(code: .malformedHeader, message: "The query or form body has a broken percent escape.")
        }
        let expected = SignatureBaseString.hmacSHA1(baseString, consumerSecret: secrets.consumer, tokenSecret: secrets.token)
        guard Self.constantTimeEquals(expected, given) else {
            throw .init(code: .badSignature, message: "The signature does not match the request. Check the base URI (\(SignatureBaseString.split(request.url).baseURI)), the signed parameters and the secrets.")
        }
    }

    /// Compares two strings without an early exit, so timing does not reveal how much of a signature matched.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        ConstantTimeText.equal(a, b)
    }
}
