/// The parts of an HTTP request that an OAuth 1.0a signature covers, as the server received them.
///
/// Kept raw (the URL with its query as sent, the form body as sent) and free of any HTTP server type,
/// so that ``OAuth1Verifier`` decodes them with the sandbox's own code and is a pure function of its
/// inputs, testable without a socket.
public struct OAuth1SignedRequest: Sendable {
    /// The HTTP method, upper case (`POST`).
    public var method: String
    /// The URL as the client signed it: scheme, the `Host` header, path and query as sent
    /// (`http://127.0.0.1:8080/2/users/me?user.fields=id`).
    public var url: String
    /// A single-part `application/x-www-form-urlencoded` body, as sent; nil for any other body, which is not signed.
    public var formBody: String?
    /// The raw `Authorization` header, if one was sent.
    public var authorization: String?

    public init(method: String, url: String, formBody: String? = nil, authorization: String?) {
        self.method = method
        self.url = url
        self.formBody = formBody
        self.authorization = authorization
    }

    /// The form body's fields, decoded; empty without a form body, nil when an escape is broken.
    var formParameters: [(String, String)]? {
        RFC3986.formPairs((formBody ?? "")[...])
    }
}
