#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

/// The paging and time parameters of `GET /2/users/:id/tweets`, checked as X checks them: each bad
/// value is a 400 naming the parameter, never silently clamped, so a client's mistakes show here.
struct XTimelineQuery: Sendable, Equatable {
    /// 5 to 100; X's default is 10.
    var maxResults = 10
    /// Oldest post time included (`start_time`, inclusive).
    var startTime: Date?
    /// Newest post time included (`end_time`, exclusive).
    var endTime: Date?
    /// Where to continue: after (`next`) or before (`previous`) a post id.
    var cursor: XTimelineCursor?
    /// `tweet.fields` beyond the default `id`, `text` and `edit_history_tweet_ids`.
    var fields: Set<String> = []

    /// Reads the query; the problem X would answer when a value is wrong.
    static func parse(_ query: [String: String]) -> Result<XTimelineQuery, XProblem> {
        var parsed = XTimelineQuery()
        if let text = query["max_results"] {
            guard let value = Int(text), (5...100).contains(value) else {
                return .failure(.invalidRequest("The `max_results` query parameter value [\(text)] is not between 5 and 100"))
            }
            parsed.maxResults = value
        }
        for (name, keyPath) in [("start_time", \XTimelineQuery.startTime), ("end_time", \XTimelineQuery.endTime)] {
            guard let text = query[name] else { continue }
            guard let date = RFC3339.parse(text) else {
                return .failure(.invalidRequest("Invalid '\(name)':'\(text)'. '\(name)' must be a valid RFC 3339 date-time"))
            }
            parsed[keyPath: keyPath] = date
        }
        if let start = parsed.startTime, let end = parsed.endTime, start >= end {
            return .failure(.invalidRequest("Invalid 'start_time'. 'start_time' must be before 'end_time'"))
        }
        if let token = query["pagination_token"] {
            guard let cursor = XTimelineCursor(token: token) else {
                return .failure(.invalidRequest("The `pagination_token` query parameter value [\(token)] is not valid"))
            }
            parsed.cursor = cursor
        }
        parsed.fields = Set((query["tweet.fields"] ?? "").split(separator: ",").map(String.init))
        return .success(parsed)
    }

    /// Whether `tweet` falls within `start_time` and `end_time`.
    func includes(_ tweet: XTweet) -> Bool {
        startTime.map { tweet.createdAt >= $0 } != false && endTime.map { tweet.createdAt < $0 } != false
    }
}

/// An opaque `pagination_token`: which side of which post the page continues from.
struct XTimelineCursor: Sendable, Equatable {
    enum Direction: String, Sendable {
        case next = "n", previous = "p"
    }

    var direction: Direction
    var postID: Int64

    init(direction: Direction, postID: Int64) {
        self.direction = direction
        self.postID = postID
    }

    /// Tokens look like X's: lower-case letters and digits, not meant to be read.
    init?(token: String) {
        guard token.hasPrefix(Self.prefix), let kind = token.dropFirst(Self.prefix.count).first,
              let direction = Direction(rawValue: String(kind)),
              let id = Int64(token.dropFirst(Self.prefix.count + 1), radix: 36), id > 0 else { return nil }
        self.init(direction: direction, postID: id)
    }

    var token: String { Self.prefix + direction.rawValue + String(postID, radix: 36) }

    private static let prefix = "7140dibdnow9"
}
