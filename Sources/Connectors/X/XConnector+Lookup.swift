import CryptoPrimitives
import Foundation
import NetworkRules
import SchedulerCore

extension XConnector {
    /// Posts per page of `GET /2/users/:id/tweets`: X's maximum.
    static let lookupPageSize = 100

    /// Reads the user's timeline from `since` (less a minute) page by page through `pagination_token`,
    /// newest first, until the post is found or the timeline is exhausted. X lists the text with t.co
    /// links and `&amp;`-style escapes, so the look-up asks for `entities` to undo them (``XListedPost``).
    public func findPublished(_ request: PublishRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        let lookup = PagedLookup(network: "X", since: since, time: { ListingTime.rfc3339($0["created_at"]) },
                                 matches: { XListedPost.matches($0, sent: request.text) && XListedPost.answers($0, replyTo: request.replyTo) })
        let startTime = RFC3339.format(lookup.cutoff)
        let found = try await lookup.find { token throws(ConnectorError) in
            var path = "/2/users/\(PercentEncoding.encode(request.accountRemoteID))/tweets?max_results=\(Self.lookupPageSize)"
                + "&start_time=\(PercentEncoding.encode(startTime))&tweet.fields=created_at,entities,referenced_tweets"
            if let token { path += "&pagination_token=\(PercentEncoding.encode(token))" }
            let response = try await send(method: "GET", path: path, body: nil, credentials: credentials)
            guard response.status == 200 else { throw XResponseMapping.error(for: response) }
            return try XTimelinePage.parse(response)
        }
        guard let found else { return nil }
        guard let id = found["id"]?.stringValue else {
            throw ConnectorError(code: .retryable, message: "X listed the post without an id")
        }
        // No hint: the timeline's window (900 reads) is not the posting window the engine budgets.
        return PublishedPost(remoteID: id, url: "https://x.com/i/web/status/\(id)", httpStatus: 200)
    }
}
