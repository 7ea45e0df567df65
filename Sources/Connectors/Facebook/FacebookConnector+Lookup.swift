import CryptoPrimitives
import Foundation
import NetworkRules
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
        let edge = GraphEdgeLookup(http: http, network: "Facebook", graphBaseURL: app.graphBaseURL)
        guard let (_, id, hint) = try await edge.find(lookup, first: first, token: credentials.token, what: "post") else { return nil }
        return PublishedPost(remoteID: id, url: "https://www.facebook.com/\(id)", httpStatus: 200, rateLimit: hint)
    }
}
