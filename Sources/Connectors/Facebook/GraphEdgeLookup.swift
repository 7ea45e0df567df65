import Foundation
import SchedulerCore

/// Walks a Graph edge (a Page's feed, an Instagram account's media, a post's comments) page by page through
/// `paging.next` for the item a ``PagedLookup`` matches, keeping the last usage hint Graph sent on the way.
struct GraphEdgeLookup: Sendable {
    let http: ConnectorTransport
    let network: String
    let graphBaseURL: String

    /// The matching item, its id and the last usage hint; nil when the edge has no such item. `what` names the item in
    /// the error for one listed without an id.
    func find(_ lookup: PagedLookup, first: String, token: String, what: String) async throws(ConnectorError)
        -> (item: JSONValue, id: String, hint: RateLimitHint?)? {
        var hint: RateLimitHint?
        let found = try await lookup.find { next throws(ConnectorError) in
            let response = try await http.send("GET", next.map { GraphEdgePage.nextURL($0, token: token) } ?? first, publishing: false)
            guard response.status == 200 else { throw GraphErrorMapping.error(for: response, network: network) }
            hint = GraphUsageHeaders.hint(response, now: Date()) ?? hint
            return try GraphEdgePage.parse(response, network: network, graphBaseURL: graphBaseURL)
        }
        guard let found else { return nil }
        guard let id = found["id"]?.stringValue else { throw ConnectorError(code: .retryable, message: "\(network) listed the \(what) without an id") }
        return (found, id, hint)
    }
}
