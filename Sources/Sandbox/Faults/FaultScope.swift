import Hummingbird

/// Which requests fault injection may touch: the API calls a client makes, never the sandbox's own
/// controls and never the OAuth pages and token endpoints, so linking an account keeps working.
enum FaultScope {
    /// Path segments that mark an authorization page, a login dialog or a token endpoint on any
    /// network: X `/oauth/…`, `/i/oauth2/…`, `/2/oauth2/…`; Graph `/{v}/dialog/oauth`, `/{v}/oauth/access_token`;
    /// LinkedIn `/oauth/v2/…`.
    static let authorizationSegments: Set<Substring> = ["oauth", "oauth2", "dialog"]

    /// A PDS's sign-in and session renewal, its counterpart of the token endpoints.
    static let sessionMethods: Set<Substring> = ["com.atproto.server.createSession", "com.atproto.server.refreshSession",
                                                 "com.atproto.server.deleteSession"]

    /// Whether a request to `path` may meet a fault.
    static func applies(toPath path: String) -> Bool {
        let segments = path.split(separator: "/")
        guard let first = segments.first, first != "_sandbox" else { return false }
        return !segments.contains { authorizationSegments.contains($0) || sessionMethods.contains($0) }
    }

    /// Whether `request` may meet a fault.
    static func applies(to request: Request) -> Bool {
        applies(toPath: request.uri.path)
    }
}
