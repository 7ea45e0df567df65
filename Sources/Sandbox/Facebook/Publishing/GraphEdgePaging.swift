#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives
import Hummingbird
import SchedulerCore

/// Cursor paging of a Graph edge (a Page's feed, an Instagram account's media), as Graph does it:
/// `limit`, opaque `after`/`before` cursors, `since`/`until` times, and `paging.next`/`paging.previous`
/// URLs only when there is more that way, which is how a client knows it has read everything.
struct GraphEdgePaging: Sendable {
    var limit: Int
    var after: String?
    var before: String?
    var since: Date?
    var until: Date?

    /// Reads `limit` (1 to 100, default 25), the cursors and the times; a broken cursor or time is error 100.
    static func parse(_ parameters: SubmittedForm) -> Result<GraphEdgePaging, GraphError> {
        var paging = GraphEdgePaging(limit: min(100, max(1, Int(parameters["limit"] ?? "") ?? 25)))
        for name in ["after", "before"] {
            guard let cursor = parameters[name] else { continue }
            guard let id = Self.decode(cursor) else { return .failure(.invalidParameter("(#100) The \(name) cursor is not valid")) }
            if name == "after" { paging.after = id } else { paging.before = id }
        }
        for name in ["since", "until"] {
            guard let text = parameters[name] else { continue }
            guard let date = GraphTimestamp.parse(text) else { return .failure(.invalidParameter("(#100) The parameter \(name) must be a time")) }
            if name == "since" { paging.since = date } else { paging.until = date }
        }
        return .success(paging)
    }

    /// The slice of `newestFirst` this request asks for, and whether more lies after and before it.
    func slice<Item>(_ newestFirst: [Item], id: (Item) -> String, time: (Item) -> Date) -> (items: [Item], more: Bool, earlier: Bool) {
        let inWindow = newestFirst.filter { item in since.map { time(item) >= $0 } != false && until.map { time(item) <= $0 } != false }
        var start = 0, end = inWindow.count
        if let after { start = inWindow.firstIndex { id($0) == after }.map { $0 + 1 } ?? inWindow.count }
        if let before { end = inWindow.firstIndex { id($0) == before } ?? 0 }
        if before != nil, after == nil { start = max(0, end - limit) } else { end = min(end, start + limit) }
        guard start < end else { return ([], false, false) }
        return (Array(inWindow[start..<end]), end < inWindow.count, start > 0)
    }

    /// `{"data": [...], "paging": {"cursors": {...}, "next"?, "previous"?}}`; `{"data": []}` when empty.
    static func body(_ data: [JSONValue], firstID: String?, lastID: String?, more: Bool, earlier: Bool, request: Request) -> JSONValue {
        guard let firstID, let lastID, !data.isEmpty else { return .object(["data": .array([])]) }
        var paging: [String: JSONValue] = ["cursors": .object(["before": .string(encode(firstID)), "after": .string(encode(lastID))])]
        if more { paging["next"] = .string(url(request, replacing: ("after", encode(lastID)))) }
        if earlier { paging["previous"] = .string(url(request, replacing: ("before", encode(firstID)))) }
        return .object(["data": .array(data), "paging": .object(paging)])
    }

    /// The request's own URL with the cursors swapped for `cursor`, as Graph writes `next` and `previous`.
    private static func url(_ request: Request, replacing cursor: (String, String)) -> String {
        let kept = (request.queryPairs ?? []).filter { $0.0 != "after" && $0.0 != "before" }
        let query = (kept + [cursor]).map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
        return "http://\(request.head.authority ?? "127.0.0.1")\(request.uri.path)?\(query)"
    }

    /// Cursors are opaque base64, as Graph's are; the sandbox's name the item they continue from.
    private static func encode(_ id: String) -> String {
        Data("sandbox-cursor:\(id)".utf8).base64EncodedString()
    }

    private static func decode(_ cursor: String) -> String? {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8), text.hasPrefix("sandbox-cursor:") else { return nil }
        return String(text.dropFirst("sandbox-cursor:".count))
    }
}
