/// RFC 5849 §3.4.1: the string an OAuth 1.0a HMAC-SHA1 signature covers, built from what the server
/// received, in the sandbox's own code (not the client's `OAuth1Signer`), so a client that builds it
/// wrongly is refused rather than agreed with.
enum SignatureBaseString {
    /// `METHOD&enc(base URI)&enc(normalised parameters)`.
    ///
    /// - Parameters:
    ///   - url: the request URL as received (`http://127.0.0.1:8080/2/tweets?x=1`); its query is signed.
    ///   - oauthParameters: the Authorization header's `oauth_*` pairs, `oauth_signature` left out.
    ///   - formBody: a single-part `application/x-www-form-urlencoded` body, the only body that is signed.
    /// - Returns: nil when the URL or a form field has a broken percent escape.
    static func make(method: String, url: String, oauthParameters: [(String, String)], formBody: String?) -> String? {
        let (base, query) = split(url)
        guard let queryPairs = RFC3986.formPairs(query[...]), let formPairs = RFC3986.formPairs((formBody ?? "")[...]) else { return nil }
        // §3.4.1.3.2: encode, sort by name then value (byte order), join with `=` and `&`.
        let encoded = (queryPairs + oauthParameters + formPairs).map { (RFC3986.encode($0.0), RFC3986.encode($0.1)) }
        let sorted = encoded.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        let normalised = sorted.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        return "\(method.uppercased())&\(RFC3986.encode(base))&\(RFC3986.encode(normalised))"
    }

    /// §3.4.1.2: the base string URI (scheme and host lower-case, the default port dropped, no query
    /// or fragment) and the raw query.
    static func split(_ url: String) -> (baseURI: String, query: String) {
        let withoutFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let halves = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query = halves.count > 1 ? String(halves[1]) : ""
        guard let schemeEnd = halves[0].range(of: "://") else { return (String(halves[0]), query) }
        let scheme = halves[0][..<schemeEnd.lowerBound].lowercased()
        let rest = halves[0][schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd].lowercased()
        let path = rest[authorityEnd...].isEmpty ? "/" : String(rest[authorityEnd...])
        if (scheme == "http" && authority.hasSuffix(":80")) || (scheme == "https" && authority.hasSuffix(":443")) {
            authority = String(authority[..<authority.lastIndex(of: ":")!])
        }
        return ("\(scheme)://\(authority)\(path)", query)
    }

    /// The HMAC-SHA1 signature of `baseString`, keyed `enc(consumer secret)&enc(token secret)` (§3.4.2).
    static func hmacSHA1(_ baseString: String, consumerSecret: String, tokenSecret: String?) -> String {
        let key = RFC3986.encode(consumerSecret) + "&" + RFC3986.encode(tokenSecret ?? "")
        return OneShotCrypto.base64(OneShotCrypto.hmacSHA1(key: Array(key.utf8), data: Array(baseString.utf8)))
    }
}
