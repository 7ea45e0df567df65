#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

/// One page of a user's timeline and the tokens around it, cut the way X cuts them: `next_token`
/// only when older posts remain, `previous_token` only when newer ones do.
struct XTimelinePage: Sendable, Equatable {
    var tweets: [XTweet]
    var nextToken: String?
    var previousToken: String?

    /// Cuts `newestFirst` (already filtered by time) at the query's cursor.
    init(newestFirst: [XTweet], query: XTimelineQuery) {
        let start: Int
        switch query.cursor {
        case nil:
            start = 0
        case .some(let cursor) where cursor.direction == .next:
            start = newestFirst.firstIndex { Self.number($0) < cursor.postID } ?? newestFirst.count
        case .some(let cursor):
            let newer = newestFirst.firstIndex { Self.number($0) <= cursor.postID } ?? newestFirst.count
            start = max(0, newer - query.maxResults)
        }
        let end: Int
        if let cursor = query.cursor, cursor.direction == .previous {
            end = newestFirst.firstIndex { Self.number($0) <= cursor.postID } ?? newestFirst.count
        } else {
            end = min(newestFirst.count, start + query.maxResults)
        }
        tweets = Array(newestFirst[start..<end])
        nextToken = end < newestFirst.count ? tweets.last.map { XTimelineCursor(direction: .next, postID: Self.number($0)).token } : nil
        previousToken = start > 0 ? tweets.first.map { XTimelineCursor(direction: .previous, postID: Self.number($0)).token } : nil
    }

    /// `{"data": [...], "meta": {...}}`, or only `meta` when the page is empty, as X answers.
    func body(fields: Set<String>, rewritesText: Bool = false) -> JSONValue {
        var meta: [String: JSONValue] = ["result_count": .integer(Int64(tweets.count))]
        if let newest = tweets.first, let oldest = tweets.last {
            meta["newest_id"] = .string(newest.id)
            meta["oldest_id"] = .string(oldest.id)
        }
        if let nextToken { meta["next_token"] = .string(nextToken) }
        if let previousToken { meta["previous_token"] = .string(previousToken) }
        guard !tweets.isEmpty else { return .object(["meta": .object(meta)]) }
        return .object(["data": .array(tweets.map { Self.render($0, fields: fields, rewritesText: rewritesText) }), "meta": .object(meta)])
    }

    /// `id`, `text` and `edit_history_tweet_ids` always; `created_at`, `author_id`, `attachments`,
    /// `entities`, `conversation_id`, and for a reply `referenced_tweets` (`replied_to`) and `in_reply_to_user_id`,
    /// when asked (X's data dictionary: only `id` and `text` by default). With `rewritesText`, the text is as X lists it (``XListedText``): t.co links
    /// and escaped `&`, `<`, `>`, with `entities.urls` when asked; without, as sent, and no entities.
    static func render(_ tweet: XTweet, fields: Set<String>, rewritesText: Bool = false) -> JSONValue {
        let listed = XListedText(tweet.text, postID: tweet.id)
        var object: [String: JSONValue] = [
            "id": .string(tweet.id), "text": .string(rewritesText ? listed.text : tweet.text), "edit_history_tweet_ids": .array([.string(tweet.id)]),
        ]
        if fields.contains("entities"), rewritesText, let entities = listed.entities { object["entities"] = entities }
        if fields.contains("created_at") { object["created_at"] = .string(SandboxTimestamp.rfc3339(tweet.createdAt)) }
        if fields.contains("author_id") { object["author_id"] = .string(tweet.authorID) }
        if fields.contains("conversation_id") { object["conversation_id"] = .string(tweet.conversationID) }
        if let parent = tweet.inReplyToID {
            if fields.contains("referenced_tweets") {
                object["referenced_tweets"] = .array([.object(["type": .string("replied_to"), "id": .string(parent)])])
            }
            if fields.contains("in_reply_to_user_id"), let user = tweet.inReplyToUserID { object["in_reply_to_user_id"] = .string(user) }
        }
        if fields.contains("attachments"), !tweet.mediaIDs.isEmpty {
            object["attachments"] = .object(["media_keys": .array(tweet.mediaIDs.map { .string("3_\($0)") })])
        }
        return .object(object)
    }

    private static func number(_ tweet: XTweet) -> Int64 { Int64(tweet.id) ?? 0 }
}
