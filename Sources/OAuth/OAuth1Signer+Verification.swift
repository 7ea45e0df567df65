import CryptoPrimitives

/// Signature checking for a server that receives OAuth 1.0a requests (the sandbox emulation).
///
/// Only the signature is checked here. Timestamp windows and nonce reuse need state and a clock,
/// so they belong to the server.
extension OAuth1Signer {
    /// Whether the request carries a valid HMAC-SHA1 signature for the given secrets.
    ///
    /// - Parameters:
    ///   - url: the request URL as received, with its query (which is signed).
    ///   - oauthParameters: the output of ``OAuth1AuthorizationHeader/parse(_:)``, `oauth_signature` included.
    ///   - formParameters: the decoded pairs of a single-part `application/x-www-form-urlencoded`
    ///     body (``PercentDecoding/parseForm(_:)``); empty for any other body.
    /// - Returns: `false` when the signature is missing or wrong or the method is not HMAC-SHA1.
    ///   The comparison runs in constant time.
    public static func verify(
        method: String,
        url: String,
        oauthParameters: [(String, String)],
        formParameters: [(String, String)] = [],
        consumerSecret: String,
        tokenSecret: String?
    ) -> Bool {
        let signatures = oauthParameters.filter { $0.0 == "oauth_signature" }
        let methods = oauthParameters.filter { $0.0 == "oauth_signature_method" }
        guard signatures.count == 1, methods.count == 1, methods[0].1 == signatureMethod else { return false }
        let signed = queryParameters(of: url) + formParameters
            + oauthParameters.filter { $0.0 != "oauth_signature" && $0.0 != "realm" }
        let expected = signature(
            baseString: signatureBaseString(method: method, url: url, parameters: signed),
            consumerSecret: consumerSecret,
            tokenSecret: tokenSecret
        )
        return ConstantTime.equals(expected, signatures[0].1)
    }
}
