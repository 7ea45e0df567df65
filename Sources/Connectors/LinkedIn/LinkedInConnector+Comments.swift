import Foundation
import HTTPClient
import SchedulerCore

/// A first comment under a published post, through the Comments API (`/rest/socialActions/{post}/comments`).
extension LinkedInConnector {
    /// Comments once as `request.accountRemoteID` (the member or organization that published the post).
    ///
    /// The answer is `201` with the comment; its URN (`urn:li:comment:(…)`) is `commentUrn` in the body, and
    /// `x-restli-id` carries its number. A 5xx or a lost answer may come after LinkedIn made the comment, so it is
    /// uncertain: the engine looks with ``findComment(_:since:credentials:)`` before commenting again.
    public func comment(_ request: CommentRequest, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost {
        let body = try! JSONEncoder().encode(Self.commentBody(request))
        let response = try await http.send("POST", commentsURL(request.postRemoteID), headers: headers(credentials, json: true),
                                           body: Array(body), publishing: true)
        guard response.status == 201 else { throw error(for: response).answeringPublish(network: "LinkedIn") }
        let answer = ConnectorTransport.json(response)
        guard let urn = answer?["commentUrn"]?.stringValue ?? response.header("x-restli-id").map({ "urn:li:comment:(\(request.postRemoteID),\($0))" }) else {
            // LinkedIn said 201, so the comment exists: an answer we cannot read must not lead to a second one.
            throw ConnectorError(code: .uncertain, message: "LinkedIn accepted the comment but named it neither in its body nor in x-restli-id",
                                 httpStatus: 201, excerpt: Excerpt.redacted(response.bodyText))
        }
        return PublishedPost(remoteID: urn, url: Self.postURL(request.postRemoteID), httpStatus: 201)
    }

    /// Reads the post's comments by `start`/`count` for one by this actor with this text, made at or after `since`
    /// (less a minute). LinkedIn promises no order for comments, so age never ends the walk: it is checked per
    /// comment. The text is compared as sent and as the little text format would escape it, whitespace normalised.
    ///
    /// Reading comments needs a read permission the posting scopes do not give (`r_member_social`, restricted, or
    /// `r_organization_social`; the current Comments API also names `r_member_social_feed` and
    /// `r_organization_social_feed`). Without one the look-up is impossible and says so: a person decides.
    public func findComment(_ request: CommentRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        let (scopes, whose) = request.accountRemoteID.hasPrefix("urn:li:organization:")
            ? (["r_organization_social", "r_organization_social_feed"], "an organization's") : (["r_member_social", "r_member_social_feed"], "a member's")
        if !credentials.scopes.isEmpty, credentials.scopes.allSatisfy({ !scopes.contains($0) }) {
            throw ConnectorError(code: .permanent, message: "LinkedIn lets an app read the comments on \(whose) posts only with the \(scopes[0]) permission, "
                + "which this account's token does not have, so schedulerd cannot look for the comment itself")
        }
        let cutoff = since.addingTimeInterval(-PagedLookup.skew)
        let escaped = LittleTextFormat.escape(request.text)
        let lookup = PagedLookup(network: "LinkedIn", since: since, time: { _ in nil }, matches: { item in
            guard item["actor"]?.stringValue == request.accountRemoteID,
                  let created = ListingTime.epochMilliseconds(item["created"]?["time"]), created >= cutoff else { return false }
            let text = item["message"]?["text"]?.stringValue
            return RecentPosts.matches(text, request.text) || RecentPosts.matches(text, escaped)
        })
        let found = try await lookup.find { next throws(ConnectorError) in
            let start = next ?? "0"
            let response = try await http.send("GET", commentsURL(request.postRemoteID) + "?start=\(start)&count=\(Self.lookupPageSize)",
                                               headers: headers(credentials, json: false), publishing: false)
            guard response.status == 200 else { throw error(for: response) }
            return try Self.restliPage(response, start: Int(start) ?? 0, listing: "the post's comments")
        }
        guard let found else { return nil }
        guard let urn = found["commentUrn"]?.stringValue else {
            throw ConnectorError(code: .retryable, message: "LinkedIn listed the comment without its commentUrn")
        }
        return PublishedPost(remoteID: urn, url: Self.postURL(request.postRemoteID), httpStatus: 200)
    }

    /// `{"actor", "object", "message": {"text"}}`. The text goes as written: the little text format is the Posts
    /// API's `commentary`, while a comment's `message` carries mentions as `attributes`, not as markup.
    static func commentBody(_ request: CommentRequest) -> JSONValue {
        .object(["actor": .string(request.accountRemoteID), "object": .string(request.postRemoteID),
                 "message": .object(["text": .string(request.text)])])
    }

    /// The post's comments collection, its URN percent-encoded as one path segment.
    func commentsURL(_ post: String) -> String {
        app.apiBaseURL + "/rest/socialActions/\(post.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? post)/comments"
    }
}
