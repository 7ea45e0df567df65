import CryptoPrimitives
import Foundation
import SchedulerCore

/// A first comment under the account's own media (`POST /{ig-media-id}/comments`), looked up among the media's
/// comments by its text and its author (`from.id`, the IG user).
extension InstagramConnector {
    /// Comments per page of `GET /{ig-media-id}/comments`.
    static let commentPageSize = 50

    /// `POST /{ig-media-id}/comments` with `message` → `{"id"}`. Sent once: a lost answer or a 5xx is `uncertain`.
    public func comment(_ request: CommentRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        let response = try await http.send("POST", app.graph + "/\(PercentEncoding.encode(request.postRemoteID))/comments", headers: [Self.form],
                                           body: FormBody.encode([("message", request.text), ("access_token", credentials.token)]), publishing: true)
        guard response.status == 200 else { throw GraphErrorMapping.error(for: response, network: "Instagram").answeringPublish(network: "Instagram") }
        guard let id = ConnectorTransport.json(response)?["id"]?.stringValue else {
            throw ConnectorError(code: .uncertain, message: "Instagram accepted the comment but its answer could not be read",
                                 httpStatus: response.status, excerpt: Excerpt.redacted(response.bodyText))
        }
        return PublishedPost(remoteID: id, url: nil, httpStatus: response.status, rateLimit: GraphUsageHeaders.hint(response, now: Date()))
    }

    /// Reads the media's comments (`fields=id,text,timestamp,from`) to the end, for one by this account with this
    /// text made at or after `since`. The reference promises no order, so no page is taken as the last but Graph's.
    public func findComment(_ request: CommentRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        let lookup = PagedLookup(network: "Instagram", since: since, time: { ListingTime.rfc3339($0["timestamp"]) },
                                 matches: { $0["from"]?["id"]?.stringValue == request.accountRemoteID && RecentPosts.matches($0["text"]?.stringValue, request.text) },
                                 newestFirst: false, noun: "comments")
        let first = app.graph + "/\(PercentEncoding.encode(request.postRemoteID))/comments?fields=id,text,timestamp,from"
            + "&limit=\(Self.commentPageSize)&access_token=\(PercentEncoding.encode(credentials.token))"
        let edge = GraphEdgeLookup(http: http, network: "Instagram", graphBaseURL: app.graphBaseURL)
        guard let (_, id, hint) = try await edge.find(lookup, first: first, token: credentials.token, what: "comment") else { return nil }
        return PublishedPost(remoteID: id, url: nil, httpStatus: 200, rateLimit: hint)
    }
}
