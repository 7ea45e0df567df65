import CryptoPrimitives

/// The pure pieces of RFC 5849 section 3.4: base string URI, base string, key and signature.
///
/// Static so that a verifying server (the sandbox) can recompute a signature from what it
/// received without holding an ``OAuth1Signer``.
extension OAuth1Signer {
    /// The base string URI (RFC 5849 section 3.4.1.2) of `url`.
    ///
    /// Scheme and host are lower-cased, port 80 on `http` and 443 on `https` is dropped, any other
    /// port is kept (`http://127.0.0.1:8080/x` stays as it is), and the query and fragment are
    /// removed. A string without `scheme://` is returned without its query and fragment.
    public static func baseURI(_ url: String) -> String {
        if let parsed = RequestURL(url) { return parsed.baseURI }
        let end = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        return String(url[..<end])
    }

    /// The decoded query parameters of `url`, which are signed along with everything else.
    ///
    /// `+` decodes to a space (RFC 5849 section 3.4.1.3.1 parses the query as a form body).
    public static func queryParameters(of url: String) -> [(String, String)] {
        RequestURL(url)?.queryParameters ?? []
    }

    /// The signature base string: `METHOD&enc(baseURI)&enc(normalised parameters)`.
    ///
    /// `parameters` must be the complete list of signed parameters (query, form body, `oauth_*`)
    /// without `oauth_signature` or `realm`, as decoded values. Only ``baseURI(_:)`` of `url` is
    /// used: a query in `url` is *not* added again, so callers include it in `parameters`
    /// (``queryParameters(of:)`` extracts it).
    public static func signatureBaseString(method: String, url: String, parameters: [(String, String)]) -> String {
        signatureBaseString(method: method, baseURI: baseURI(url), parameters: parameters)
    }

    /// The same from a base string URI already worked out: the signer splits its URL once for the query and this.
    ///
    /// Written into one buffer: the normalised parameters' `=` and `&` go in as their encodings, `%3D` and `%26`,
    /// which is what encoding the joined text again gives. Built as strings, this was a third of a signature's time.
    static func signatureBaseString(method: String, baseURI: String, parameters: [(String, String)]) -> String {
        let normalised = parameters
            .map { (PercentEncoding.encode($0.0), PercentEncoding.encode($0.1)) }
            .sorted { lhs, rhs in
                lhs.0 == rhs.0
                    ? lhs.1.utf8.lexicographicallyPrecedes(rhs.1.utf8)
                    : lhs.0.utf8.lexicographicallyPrecedes(rhs.0.utf8)
            }
        var out: [UInt8] = []
        out.reserveCapacity(512)
        out += method.uppercased().utf8
        out.append(UInt8(ascii: "&"))
        PercentEncoding.append(baseURI, to: &out)
        out.append(UInt8(ascii: "&"))
        for (index, (name, value)) in normalised.enumerated() {
            if index > 0 { out += "%26".utf8 }
            PercentEncoding.append(name, to: &out)
            out += "%3D".utf8
            PercentEncoding.append(value, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The HMAC-SHA1 key: `enc(consumerSecret)&enc(tokenSecret)`; the `&` stays when there is no token secret.
    public static func signingKey(consumerSecret: String, tokenSecret: String?) -> String {
        PercentEncoding.encode(consumerSecret) + "&" + PercentEncoding.encode(tokenSecret ?? "")
    }

    /// The base64 HMAC-SHA1 signature of `baseString` (not yet percent-encoded for the header).
    public static func signature(baseString: String, consumerSecret: String, tokenSecret: String?) -> String {
        let key = signingKey(consumerSecret: consumerSecret, tokenSecret: tokenSecret)
        return Base64.encode(Digest.hmacSHA1(key: Array(key.utf8), data: Array(baseString.utf8)))
    }
}
