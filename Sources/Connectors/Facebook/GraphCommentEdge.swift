import CryptoPrimitives
import Foundation
import HTTPClient
import SchedulerCore

/// The Graph API's `comments` edge as Facebook Pages and Instagram share it: a first comment made under an object the
/// account published (`POST /{object-id}/comments`), and looked up among the object's comments by its text and its
/// author. The two networks differ only in the fields they name (Facebook `message` and `created_time`, Instagram
/// `text` and `timestamp`), their page sizes and extra query parameters, and the comment's URL.
struct GraphCommentEdge: Sendable {
    let http: ConnectorTransport
    let network: String
    let app: FacebookApp
    /// The comment's text and time in a listing: `message`/`created_time` (Facebook), `text`/`timestamp` (Instagram).
    let textField: String
    let timeField: String
    /// What the listing adds to its query (`&filter=toplevel&order=…` on Facebook) and how many comments a page holds.
    let listingQuery: String
    let pageSize: Int

    static let form = HTTPHeader("Content-Type", "application/x-www-form-urlencoded")

    /// `POST /{object-id}/comments` with `message` → `{"id"}`. Sent once: a lost answer or a 5xx is `uncertain`, since
    /// the comment may have been made, and the engine looks it up before sending again.
    func post(_ request: CommentRequest, token: String) async throws(ConnectorError) -> (id: String, response: HTTPResponse) {
        let response = try await http.send("POST", app.graph + "/\(PercentEncoding.encode(request.postRemoteID))/comments", headers: [Self.form],
                                           body: FormBody.encode([("message", request.text), ("access_token", token)]), publishing: true)
        guard response.status == 200 else { throw GraphErrorMapping.error(for: response, network: network).answeringPublish(network: network) }
        guard let id = ConnectorTransport.json(response)?["id"]?.stringValue else {
            throw ConnectorError(code: .uncertain, message: "\(network) accepted the comment but its answer could not be read",
                                 httpStatus: response.status, excerpt: Excerpt.redacted(response.bodyText))
        }
        return (id, response)
    }

    /// Reads the object's comments (`fields=id,TEXT,TIME,from`) to the end, for one by the account (`from.id`) with this
    /// text made at or after `since`. Graph ranks comments when it can and promises no order, so no page but Graph's
    /// last is taken as the last. Graph gives `from` on a Page's own comments only to a Page token: this needs the
    /// token the post was made with.
    func find(_ request: CommentRequest, since: Date, token: String) async throws(ConnectorError) -> (id: String, hint: RateLimitHint?)? {
        let (textField, timeField) = (textField, timeField)
        let lookup = PagedLookup(network: network, since: since, time: { ListingTime.rfc3339($0[timeField]) },
                                 matches: { $0["from"]?["id"]?.stringValue == request.accountRemoteID && RecentPosts.matches($0[textField]?.stringValue, request.text) },
                                 newestFirst: false, noun: "comments")
        let first = app.graph + "/\(PercentEncoding.encode(request.postRemoteID))/comments?fields=id,\(textField),\(timeField),from"
            + "\(listingQuery)&limit=\(pageSize)&access_token=\(PercentEncoding.encode(token))"
        let edge = GraphEdgeLookup(http: http, network: network, graphBaseURL: app.graphBaseURL)
        guard let (_, id, hint) = try await edge.find(lookup, first: first, token: token, what: "comment") else { return nil }
        return (id, hint)
    }
}
