import CryptoPrimitives
import Foundation
import NetworkRules
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
        let edge = GraphEdgeLookup(http: http, network: "Instagram", graphBaseURL: app.graphBaseURL)
        guard let (found, id, hint) = try await edge.find(lookup, first: first, token: credentials.token, what: "post") else { return nil }
        return PublishedPost(remoteID: id, url: found["permalink"]?.stringValue ?? "https://www.instagram.com/", httpStatus: 200, rateLimit: hint)
    }
}
