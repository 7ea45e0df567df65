/// The parts of an HTTP request that an OAuth 1.0a signature covers, as the server received them.
///
/// Kept free of any HTTP server type so that ``OAuth1Verifier`` is a pure function of its inputs
/// and can be tested without a socket.
public struct OAuth1SignedRequest: Sendable {
    /// The HTTP method, upper case (`POST`).
    public var method: String
    /// The URL as the client signed it: scheme, the `Host` header, path and query (`http://127.0.0.1:8080/2/tweets`).
    public var url: String
    /// The query parameters, decoded, in the order they arrived.
    public var queryParameters: [(String, String)]
    /// The form parameters of a single-part `application/x-www-form-urlencoded` body, decoded; empty for any other body.
    public var formParameters: [(String, String)]
    /// The raw `Authorization` header, if one was sent.
    public var authorization: String?

    public init(
        method: String,
        url: String,
        queryParameters: [(String, String)] = [],
        formParameters: [(String, String)] = [],
        authorization: String?
    ) {
        self.method = method
        self.url = url
        self.queryParameters = queryParameters
        self.formParameters = formParameters
        self.authorization = authorization
    }
}
