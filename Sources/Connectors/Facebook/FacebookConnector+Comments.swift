import Foundation
import SchedulerCore

/// A first comment under a Page post, made as the Page with the Page token, and looked up among the post's comments
/// by its text and its author, the Page (GraphCommentEdge).
extension FacebookConnector {
    /// Comments per page of `GET /{post-id}/comments`.
    static let commentPageSize = 100

    var comments: GraphCommentEdge {
        GraphCommentEdge(http: http, network: "Facebook", app: app, textField: "message", timeField: "created_time",
                         listingQuery: "&filter=toplevel&order=reverse_chronological", pageSize: Self.commentPageSize)
    }

    public func comment(_ request: CommentRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        let (id, response) = try await comments.post(request, token: credentials.token)
        return PublishedPost(remoteID: id, url: Self.commentURL(id, post: request.postRemoteID), httpStatus: response.status,
                             rateLimit: GraphUsageHeaders.hint(response, now: Date()))
    }

    public func findComment(_ request: CommentRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        guard let (id, hint) = try await comments.find(request, since: since, token: credentials.token) else { return nil }
        return PublishedPost(remoteID: id, url: Self.commentURL(id, post: request.postRemoteID), httpStatus: 200, rateLimit: hint)
    }

    /// The post's page with the comment picked out: `…/{post-id}?comment_id={comment}`.
    static func commentURL(_ id: String, post: String) -> String {
        "https://www.facebook.com/\(post)?comment_id=\(id.split(separator: "_").last.map(String.init) ?? id)"
    }
}
