import Foundation
import OAuth
import SchedulerCore

extension FacebookConnector {
    /// Posts per page of `GET /{page-id}/feed`: Graph's maximum.
    static let lookupPageSize = 100

    /// Reads the Page's feed from `since` (less a minute, as Graph's `since`), newest first, following
    /// `paging.next` until the post is found or the feed is exhausted.
    public func findPublished(_ request: PublishRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        let lookup = PagedLookup(network: "Facebook", since: since, time: { ListingTime.rfc3339($0["created_time"]) },
                                 matches: { RecentPosts.matches($0["message"]?.stringValue, request.text) })
        let first = app.graph + "/\(PercentEncoding.encode(request.accountRemoteID))/feed?fields=id,message,created_time"
            + "&limit=\(Self.lookupPageSize)&since=\(Int(lookup.cutoff.timeIntervalSince1970))&access_token=\(PercentEncoding.encode(credentials.token))"
        var hint: RateLimitHint?
        let found = try await lookup.find { next throws(ConnectorError) in
            let response = try await http.send("GET", next.map { GraphEdgePage.nextURL($0, token: credentials.token) } ?? first, publishing: false)
            guard response.status == 200 else { throw GraphErrorMapping.error(for: response, network: "Facebook") }
            hint = GraphUsageHeaders.hint(response, now: Date()) ?? hint
            return try GraphEdgePage.parse(response, network: "Facebook", graphBaseURL: app.graphBaseURL)
        }
        guard let found else { return nil }
        guard let id = found["id"]?.stringValue else { throw ConnectorError(code: .retryable, message: "Facebook listed the post without an id") }
        return PublishedPost(remoteID: id, url: "https://www.facebook.com/\(id)", httpStatus: 200, rateLimit: hint)
    }
}
