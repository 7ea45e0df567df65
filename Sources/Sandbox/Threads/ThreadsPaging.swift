#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives
import Hummingbird
import SchedulerCore

/// Paging of a profile's posts (docs/research/threads.md §8): `limit` (default 25, at most 100), opaque `before` /
/// `after` cursors (not both), `since` / `until` times (Unix seconds or a date; `since` not before 1688540400, Threads'
/// launch, and before `until`; `until` not in the future). The reference states these bounds; the sandbox refuses
/// what breaks them instead of guessing, and gives `paging.next` / `previous` only when there is more that way.
struct ThreadsPaging: Sendable {
    var limit = 25
    var after: String?
    var before: String?
    var since: Date?
    var until: Date?

    /// The earliest `since` Threads takes: 2023-07-04, when it opened.
    static let earliestSince: TimeInterval = 1_688_540_400

    static func parse(_ parameters: SubmittedForm, now: Date) -> Result<ThreadsPaging, ThreadsError> {
        var paging = ThreadsPaging()
        if let text = parameters["limit"] {
            guard let number = Int(text), (1...100).contains(number) else { return .failure(.invalidParameter("(#100) Param limit must be from 1 to 100.")) }
            paging.limit = number
        }
        if parameters["after"] != nil, parameters["before"] != nil {
            return .failure(.invalidParameter("(#100) Use either before or after, not both."))
        }
        for name in ["after", "before"] {
            guard let cursor = parameters[name] else { continue }
            guard let id = decode(cursor) else { return .failure(.invalidParameter("(#100) The \(name) cursor is not valid.")) }
            if name == "after" { paging.after = id } else { paging.before = id }
        }
        for name in ["since", "until"] {
            guard let text = parameters[name] else { continue }
            guard let date = GraphTimestamp.parse(text) else { return .failure(.invalidParameter("(#100) Param \(name) must be a Unix time or a date.")) }
            if name == "since" { paging.since = date } else { paging.until = date }
        }
        if let since = paging.since, since.timeIntervalSince1970 < earliestSince {
            return .failure(.invalidParameter("(#100) Param since must be at or after 1688540400."))
        }
        if let since = paging.since, let until = paging.until, since >= until {
            return .failure(.invalidParameter("(#100) Param since must be before until."))
        }
        if let until = paging.until, until > now { return .failure(.invalidParameter("(#100) Param until must not be in the future.")) }
        return .success(paging)
    }

    /// The slice of `newestFirst` this request asks for, and whether more lies after and before it.
    func slice(_ newestFirst: [ThreadsPost]) -> (items: [ThreadsPost], more: Bool, earlier: Bool) {
        let inWindow = newestFirst.filter { post in
            since.map { post.timestamp >= $0 } != false && until.map { post.timestamp <= $0 } != false
        }
        var start = 0, end = inWindow.count
        if let after { start = inWindow.firstIndex { $0.id == after }.map { $0 + 1 } ?? inWindow.count }
        if let before { end = inWindow.firstIndex { $0.id == before } ?? 0 }
        if before != nil { start = max(0, end - limit) } else { end = min(end, start + limit) }
        guard start < end else { return ([], false, false) }
        return (Array(inWindow[start..<end]), end < inWindow.count, start > 0)
    }

    /// `{"data": [...], "paging": {"cursors": {"before", "after"}, "next"?, "previous"?}}`; `{"data": []}` when empty.
    static func body(_ data: [JSONValue], slice: (items: [ThreadsPost], more: Bool, earlier: Bool), request: Request) -> JSONValue {
        guard let first = slice.items.first?.id, let last = slice.items.last?.id else { return .object(["data": .array([])]) }
        var paging: [String: JSONValue] = ["cursors": .object(["before": .string(encode(first)), "after": .string(encode(last))])]
        if slice.more { paging["next"] = .string(url(request, cursor: ("after", encode(last)))) }
        if slice.earlier { paging["previous"] = .string(url(request, cursor: ("before", encode(first)))) }
        return .object(["data": .array(data), "paging": .object(paging)])
    }

    /// The request's own URL with its cursors swapped for `cursor`, as Graph writes `next` and `previous`.
    private static func url(_ request: Request, cursor: (String, String)) -> String {
        let kept = (request.queryPairs ?? []).filter { $0.0 != "after" && $0.0 != "before" }
        let query = (kept + [cursor]).map { "\(PercentEncoding.encode($0.0))=\(PercentEncoding.encode($0.1))" }.joined(separator: "&")
        return "http://\(request.head.authority ?? "127.0.0.1")\(request.uri.path)?\(query)"
    }

    /// Cursors are opaque base64, as Graph's are; the sandbox's name the post they continue from.
    private static func encode(_ id: String) -> String {
        Data("threads-cursor:\(id)".utf8).base64EncodedString()
    }

    private static func decode(_ cursor: String) -> String? {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8), text.hasPrefix("threads-cursor:") else { return nil }
        return String(text.dropFirst("threads-cursor:".count))
    }
}
