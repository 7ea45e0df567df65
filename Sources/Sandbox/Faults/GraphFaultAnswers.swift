#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird

/// Graph's faults (Facebook Pages and Instagram): `{"error": {…}}` bodies; throttling as HTTP 400 with the
/// Business Use Case codes Page and Instagram calls meet, 80001 (a Page token) and 80002 (Instagram), and
/// `X-Business-Use-Case-Usage` saying, in whole minutes, when access comes back
/// (developers.facebook.com/docs/graph-api/overview/rate-limiting). Page tokens do not expire this way,
/// so `expired_token` never fits.
struct GraphFaultAnswers: FaultAnswers {
    let oauth: OAuth2Authority
    /// The last path segments of Instagram's publishing calls, which Graph records under `instagram`.
    static let instagramEdges: Set<Substring> = ["media", "media_publish", "content_publishing_limit", "children"]

    func network(of request: Request) -> String {
        Self.isInstagramPath(request.uri.path) ? "instagram" : "facebook"
    }

    /// Whether `path` is one of Instagram's publishing calls, or the comments of an Instagram media: a Page post's id
    /// is `{page-id}_{post-id}`, an Instagram media's a plain number.
    static func isInstagramPath(_ path: String) -> Bool {
        let segments = path.split(separator: "/")
        guard let last = segments.last else { return false }
        if last == "comments", segments.count >= 2 { return !segments[segments.count - 2].contains("_") }
        return instagramEdges.contains(last)
    }

    func bearer(in request: Request, now: Date) async -> BearerFacts? {
        let queryToken = request.queryPairs?.first { $0.0 == "access_token" }?.1
        guard let token = queryToken ?? request.bearerToken ?? FacebookSandboxNetwork.oauthSchemeToken(request) else { return nil }
        return await oauth.bearerFacts(token, now: now) ?? BearerFacts(token: token, refreshable: false)
    }

    func serverError(to request: Request) -> Response {
        var error = GraphError("An unexpected error has occurred. Please retry your request later.", code: 2, reasonCode: "server_error")
        error.status = 500
        return Response.json(error, status: .internalServerError)
    }

    func resetInstant(after: Duration, now: Date) -> Date {
        now.addingTimeInterval(Double(Self.minutes(after)) * 60)
    }

    func rateLimited(_ request: Request, until resetAt: Date, now: Date) -> Response {
        let instagram = network(of: request) == "instagram"
        let error = instagram ? GraphError.instagramRateLimited : GraphError.pageRateLimited
        let node = request.uri.path.split(separator: "/").dropFirst().first.map(String.init) ?? "0"
        let minutes = Int((resetAt.timeIntervalSince(now) / 60).rounded(.up))
        let usage = #"{"\#(node)":[{"type":"\#(instagram ? "instagram" : "pages")","call_count":100,"total_cputime":40,"total_time":50,"estimated_time_to_regain_access":\#(minutes)}]}"#
        var headers = HTTPFields()
        headers[GraphUsage.businessUseCaseUsage] = usage
        return Response.json(error, status: .badRequest, headers: headers)
    }

    func expiredToken(_ request: Request, expiredAt: Date, now: Date) -> FaultRefusal {
        let error = GraphError.expired(at: expiredAt, now: now)
        var headers = HTTPFields()
        if let challenge = error.wwwAuthenticate { headers[.wwwAuthenticate] = challenge }
        let response = Response.json(error, status: .init(code: error.status), headers: headers)
        return FaultRefusal(response: response, status: error.status, reasonCode: error.reasonCode, reason: error.recordedReason)
    }

    /// Graph's regain estimate is whole minutes, so any reset becomes at least one.
    static func minutes(_ duration: Duration) -> Int {
        max(1, Int((duration.timeInterval / 60).rounded(.up)))
    }
}
