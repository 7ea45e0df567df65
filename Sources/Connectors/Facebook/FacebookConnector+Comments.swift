import CryptoPrimitives
import Foundation
import SchedulerCore

/// A first comment under a Page post, made as the Page with the Page token (`POST /{post-id}/comments`), and
/// looked up among the post's comments by its text and its author, the Page.
extension FacebookConnector {
    /// Comments per page of `GET /{post-id}/comments`.
    static let commentPageSize = 100

    /// `POST /{post-id}/comments` with `message` → `{"id": "{post-id}_{comment-id}"}`. Sent once: a lost answer or
    /// a 5xx is `uncertain`, since the comment may have been made, and the engine looks it up before sending again.
    public func comment(_ request: CommentRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        let response = try await http.send("POST", app.graph + "/\(PercentEncoding.encode(request.postRemoteID))/comments", headers: [Self.form],
                                           body: FormBody.encode([("message", request.text), ("access_token", credentials.token)]), publishing: true)
        guard response.status == 200 else { throw GraphErrorMapping.error(for: response, network: "Facebook").answeringPublish(network: "Facebook") }
        guard let id = ConnectorTransport.json(response)?["id"]?.stringValue else {
            throw ConnectorError(code: .uncertain, message: "Facebook accepted the comment but its answer could not be read",
                                 httpStatus: response.status, excerpt: Excerpt.redacted(response.bodyText))
        }
        return PublishedPost(remoteID: id, url: Self.commentURL(id, post: request.postRemoteID), httpStatus: response.status,
                             rateLimit: GraphUsageHeaders.hint(response, now: Date()))
    }

    /// Reads the post's comments (`fields=id,message,created_time,from`), every page, for one by the Page
    /// (`from.id`) with this text made at or after `since`. Graph gives `from` on the Page's own comments only
    /// to a Page token, so this needs the Page token the post was made with. Graph ranks comments when it can,
    /// whatever `order` asks, so the whole list is read rather than stopping at the first older comment.
    public func findComment(_ request: CommentRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        let lookup = PagedLookup(network: "Facebook", since: since, time: { ListingTime.rfc3339($0["created_time"]) },
                                 matches: { $0["from"]?["id"]?.stringValue == request.accountRemoteID && RecentPosts.matches($0["message"]?.stringValue, request.text) },
                                 newestFirst: false, noun: "comments")
        let first = app.graph + "/\(PercentEncoding.encode(request.postRemoteID))/comments?fields=id,message,created_time,from"
            + "&filter=toplevel&order=reverse_chronological&limit=\(Self.commentPageSize)&access_token=\(PercentEncoding.encode(credentials.token))"
        let edge = GraphEdgeLookup(http: http, network: "Facebook", graphBaseURL: app.graphBaseURL)
        guard let (_, id, hint) = try await edge.find(lookup, first: first, token: credentials.token, what: "comment") else { return nil }
        return PublishedPost(remoteID: id, url: Self.commentURL(id, post: request.postRemoteID), httpStatus: 200, rateLimit: hint)
    }

    /// The post's page with the comment picked out: `…/{post-id}?comment_id={comment}`.
    static func commentURL(_ id: String, post: String) -> String {
        "https://www.facebook.com/\(post)?comment_id=\(id.split(separator: "_").last.map(String.init) ?? id)"
    }
}
