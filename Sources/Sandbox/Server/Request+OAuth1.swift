import Hummingbird

extension Request {
    /// The parts of this request that an OAuth 1.0a signature covers, reconstructed as the client signed them.
    ///
    /// The URL is `http://` + the `Host` the client sent + the path and query as sent: a client that
    /// signed `http://127.0.0.1:8080/2/tweets` must be checked against exactly that. The body is
    /// signed only when it is `application/x-www-form-urlencoded` (RFC 5849 §3.4.1.3.1).
    /// The query and the form body stay as sent: the verifier decodes them itself.
    func oauth1SignedRequest(body: ByteBuffer?, fallbackHost: String) -> OAuth1SignedRequest {
        let host = head.authority ?? fallbackHost
        let target = head.path ?? uri.string
        return OAuth1SignedRequest(
            method: method.rawValue,
            url: "http://" + host + target,
            formBody: isFormURLEncoded ? body.map { String(buffer: $0) } : nil,
            authorization: headers[.authorization]
        )
    }

    /// Whether the body is a single-part `application/x-www-form-urlencoded` form.
    var isFormURLEncoded: Bool {
        guard let contentType = headers[.contentType] else { return false }
        let mediaType = contentType.prefix { $0 != ";" }.trimmingWhitespace().lowercased()
        return mediaType == "application/x-www-form-urlencoded"
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces or tabs.
    fileprivate func trimmingWhitespace() -> String {
        let trimmed = drop { $0 == " " || $0 == "\t" }
        return String(trimmed.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
