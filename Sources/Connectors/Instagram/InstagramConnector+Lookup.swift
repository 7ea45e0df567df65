import Foundation
import OAuth
import SchedulerCore

extension InstagramConnector {
    /// Media per page of `GET /{ig-user-id}/media`.
    static let lookupPageSize = 50

    /// Reads the account's media newest first, following `paging.next`, until the post is found, the
    /// media run out, or their `timestamp` is older than `since`. Handoff accounts cannot be checked:
    /// the person confirms those.
    public func findPublished(_ request: PublishRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        guard !request.handoff else { throw ConnectorError(code: .permanent, message: "an Instagram handoff can only be confirmed by the person") }
        let lookup = PagedLookup(network: "Instagram", since: since, time: { ListingTime.rfc3339($0["timestamp"]) },
                                 matches: { RecentPosts.matches($0["caption"]?.stringValue, request.text) })
        let first = app.graph + "/\(PercentEncoding.encode(request.accountRemoteID))/media?fields=id,caption,timestamp,permalink"
            + "&limit=\(Self.lookupPageSize)&access_token=\(PercentEncoding.encode(credentials.token))"
        var hint: RateLimitHint?
        let found = try await lookup.find { next throws(ConnectorError) in
            let response = try await http.send("GET", next.map { GraphEdgePage.nextURL($0, token: credentials.token) } ?? first, publishing: false)
            guard response.status == 200 else { throw GraphErrorMapping.error(for: response, network: "Instagram") }
            hint = GraphUsageHeaders.hint(response, now: Date()) ?? hint
            return try GraphEdgePage.parse(response, network: "Instagram", graphBaseURL: app.graphBaseURL)
        }
        guard let found else { return nil }
        guard let id = found["id"]?.stringValue else { throw ConnectorError(code: .retryable, message: "Instagram listed the post without an id") }
        return PublishedPost(remoteID: id, url: found["permalink"]?.stringValue ?? "https://www.instagram.com/", httpStatus: 200, rateLimit: hint)
    }
}
