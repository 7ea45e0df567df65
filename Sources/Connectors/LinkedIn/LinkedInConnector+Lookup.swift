import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore

extension LinkedInConnector {
    /// Posts per page of the `author` finder.
    static let lookupPageSize = 50

    /// Reads the author's posts newest first (`sortBy=CREATED`, so an old post edited lately does not
    /// end the walk early) by `start`/`count`, until the post is found, `paging.total` is reached, a
    /// page comes back short, or `createdAt` is older than `since`.
    ///
    /// LinkedIn keeps the escaped commentary, so both the escaped and the plain text match.
    ///
    /// The finder needs a read permission the posting scopes do not give: `r_member_social` for a member
    /// (restricted by LinkedIn to approved apps) or `r_organization_social` for an organization. Without it
    /// the look-up is impossible, not just failing for now, and says so: the delivery waits for a person.
    public func findPublished(_ request: PublishRequest, since: Date, credentials: AccountCredentials) async throws(ConnectorError) -> PublishedPost? {
        let (scope, whose) = request.accountRemoteID.hasPrefix("urn:li:organization:")
            ? ("r_organization_social", "an organization's") : ("r_member_social", "a member's")
        if !credentials.scopes.isEmpty, !credentials.scopes.contains(scope) {
            throw ConnectorError(code: .permanent, message: "LinkedIn lets an app read \(whose) posts only with the \(scope) permission, "
                + "which this account's token does not have, so schedulerd cannot look for the post itself")
        }
        let author = request.accountRemoteID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? request.accountRemoteID
        let escaped = LittleTextFormat.escape(request.text)
        let lookup = PagedLookup(network: "LinkedIn", since: since, time: { ListingTime.epochMilliseconds($0["createdAt"]) }, matches: {
            RecentPosts.matches($0["commentary"]?.stringValue, escaped) || RecentPosts.matches($0["commentary"]?.stringValue, request.text)
        })
        let found = try await lookup.find { next throws(ConnectorError) in
            let start = next ?? "0"
            let response = try await http.send("GET", app.apiBaseURL + "/rest/posts?q=author&author=\(author)&sortBy=CREATED"
                                                   + "&count=\(Self.lookupPageSize)&start=\(start)",
                                               headers: headers(credentials, json: false), publishing: false)
            guard response.status == 200 else {
                var refusal = error(for: response)
                if response.status == 403 {
                    refusal.message = "LinkedIn refused to list \(whose) posts (\(refusal.message)); reading them needs the \(scope) permission"
                }
                throw refusal
            }
            return try Self.restliPage(response, start: Int(start) ?? 0, listing: "the author's posts")
        }
        guard let found else { return nil }
        guard let id = found["id"]?.stringValue else { throw ConnectorError(code: .retryable, message: "LinkedIn listed the post without an id") }
        return PublishedPost(remoteID: id, url: Self.postURL(id), httpStatus: 200)
    }

    /// One page of a Rest.li collection read by `start`/`count` (the posts finder, a post's comments); the next
    /// `start` while `paging.total` (or a full page) says there is more. `listing` names it in messages.
    static func restliPage(_ response: HTTPResponse, start: Int, listing: String) throws(ConnectorError) -> ListingPage {
        guard let body = ConnectorTransport.json(response), case .array(let posts)? = body["elements"] else {
            throw ConnectorError(code: .retryable, message: "LinkedIn listed \(listing) without elements; the look-up is incomplete",
                                 httpStatus: response.status, excerpt: Excerpt.redacted(response.bodyText))
        }
        let end = start + posts.count
        let more: Bool
        if let total = body["paging"]?["total"].flatMap(GraphErrorMapping.int) {
            more = end < total
            if more && posts.isEmpty {
                throw ConnectorError(code: .retryable, message: "LinkedIn counts \(total) in \(listing) but listed none from \(start)", httpStatus: response.status)
            }
        } else {
            more = posts.count >= lookupPageSize
        }
        return ListingPage(items: posts, next: more ? String(end) : nil)
    }
}
