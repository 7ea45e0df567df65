import CryptoPrimitives
import HTTPClient
import SchedulerCore

/// A page of a Graph edge (`/{page-id}/feed`, `/{ig-user-id}/media`): `{"data": [...], "paging": {...}}`.
///
/// Graph marks the last page by leaving out `paging.next`, whatever the cursors say, so the next page
/// is exactly `paging.next`. It is only followed on the Graph host the connector was configured with,
/// since it carries the access token.
enum GraphEdgePage {
    static func parse(_ response: HTTPResponse, network: String, graphBaseURL: String) throws(ConnectorError) -> ListingPage {
        guard let body = ConnectorTransport.json(response), case .array(let items)? = body["data"] else {
            throw ConnectorError(code: .retryable, message: "\(network) listed the account's posts without a data list; the look-up is incomplete",
                                 httpStatus: response.status, excerpt: Excerpt.redacted(response.bodyText))
        }
        guard let next = body["paging"]?["next"]?.stringValue else { return ListingPage(items: items, next: nil) }
        guard next.hasPrefix(graphBaseURL + "/") else {
            throw ConnectorError(code: .retryable, message: "\(network) pointed the next page of posts away from \(graphBaseURL); not followed")
        }
        return ListingPage(items: items, next: next)
    }

    /// The next page's URL with the token added when Graph left it out.
    static func nextURL(_ next: String, token: String) -> String {
        next.contains("access_token=") ? next : next + (next.contains("?") ? "&" : "?") + "access_token=\(PercentEncoding.encode(token))"
    }
}
