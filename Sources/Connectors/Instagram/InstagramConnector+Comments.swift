import Foundation
import SchedulerCore

/// A first comment under the account's own media, looked up among the media's comments by its text and its author
/// (`from.id`, the IG user) (GraphCommentEdge).
extension InstagramConnector {
    /// Comments per page of `GET /{ig-media-id}/comments`.
    static let commentPageSize = 50

    var comments: GraphCommentEdge {
        GraphCommentEdge(http: http, network: "Instagram", app: app, textField: "text", timeField: "timestamp", listingQuery: "",
                         pageSize: Self.commentPageSize)
    }

    public func comment(_ request: CommentRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        let (id, response) = try await comments.post(request, token: credentials.token)
        return PublishedPost(remoteID: id, url: nil, httpStatus: response.status, rateLimit: GraphUsageHeaders.hint(response, now: Date()))
    }

    public func findComment(_ request: CommentRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        guard let (id, hint) = try await comments.find(request, since: since, token: credentials.token) else { return nil }
        return PublishedPost(remoteID: id, url: nil, httpStatus: 200, rateLimit: hint)
    }
}
