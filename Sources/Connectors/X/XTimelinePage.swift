import HTTPClient
import SchedulerCore

/// A page of `GET /2/users/:id/tweets`, checked strictly: `meta.result_count` must agree with `data`.
///
/// X leaves `data` out of an empty page but always sends `meta`; a body without it, or with fewer
/// posts than it counts, was cut short, and must not be taken for "no such post".
enum XTimelinePage {
    static func parse(_ response: HTTPResponse) throws(ConnectorError) -> ListingPage {
        guard let body = ConnectorTransport.json(response), case .object = body,
              let meta = body["meta"], let count = meta["result_count"].flatMap(GraphErrorMapping.int) else {
            throw unreadable(response, "without meta.result_count")
        }
        let posts: [JSONValue]
        switch body["data"] {
        case .array(let list)?: posts = list
        case nil where count == 0: posts = []
        default: throw unreadable(response, "without the data its meta counts")
        }
        guard posts.count == count else { throw unreadable(response, "with \(Counted.of(posts.count, "post")) where meta counts \(count)") }
        return ListingPage(items: posts, next: meta["next_token"]?.stringValue)
    }

    private static func unreadable(_ response: HTTPResponse, _ problem: String) -> ConnectorError {
        ConnectorError(code: .retryable, message: "X listed the account's posts \(problem); the look-up is incomplete",
                       httpStatus: response.status, excerpt: Excerpt.redacted(response.bodyText))
    }
}
