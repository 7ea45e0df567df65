import Foundation
import SchedulerCore

/// Checks a `POST /2/tweets` body the way X does, before anything is stored.
///
/// Pure, so each rule is unit-tested. Length is X's weighted length (``XWeightedLength``: URLs 23,
/// CJK and emoji 2), so 200 CJK characters (weight 400) are refused as X refuses them.
public enum TweetValidator {
    /// The most a post may weigh.
    public static let maximumLength = XWeightedLength.limit
    /// The most media ids a post may carry.
    public static let maximumMediaCount = 4

    /// Turns the parsed body into a draft, or the 400 problem X would answer with.
    ///
    /// - Parameter body: the parsed JSON body, or `nil` when the body was not valid JSON.
    public static func validate(_ body: JSONValue?) -> Result<TweetDraft, XProblem> {
        guard let body, case .object = body else {
            return .failure(.invalidRequest("The request body is not a valid JSON object.", reasonCode: "invalid_json"))
        }
        let mediaIDs: [String]
        switch self.mediaIDs(in: body) {
        case .success(let ids): mediaIDs = ids
        case .failure(let problem): return .failure(problem)
        }
        let replyTo: String?
        switch self.replyTo(in: body) {
        case .success(let id): replyTo = id
        case .failure(let problem): return .failure(problem)
        }
        let text: String
        switch body["text"] {
        case .string(let value): text = value
        case nil, .null?: text = ""
        default: return .failure(.invalidRequest("The `text` field must be a string.", reasonCode: "invalid_text"))
        }
        guard !text.isEmpty || !mediaIDs.isEmpty else {
            return .failure(.invalidRequest("The `text` field is required unless media is attached.", reasonCode: "missing_text"))
        }
        guard XWeightedLength.of(text) <= maximumLength else {
            return .failure(.textTooLong)
        }
        return .success(TweetDraft(text: text, mediaIDs: mediaIDs, replyTo: replyTo))
    }

    /// The NFC form, which is what X stores and compares.
    public static func normalized(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping
    }

    /// Reads `reply.in_reply_to_tweet_id`: absent is a post of its own; present must be a post id (1 to 19 digits),
    /// as X's schema has it. Whether that post exists is the timeline's to decide.
    private static func replyTo(in body: JSONValue) -> Result<String?, XProblem> {
        guard let reply = body["reply"], reply != .null else { return .success(nil) }
        guard case .object = reply, let id = reply["in_reply_to_tweet_id"] else {
            return .failure(.invalidRequest("`reply` must be an object with `in_reply_to_tweet_id`.", reasonCode: "invalid_reply"))
        }
        guard let text = id.stringValue, (1...19).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return .failure(.invalidRequest("The `reply.in_reply_to_tweet_id` field value [\(id.stringValue ?? "not a string")] does not match ^[0-9]{1,19}$",
                                            reasonCode: "invalid_reply"))
        }
        return .success(text)
    }

    /// Reads `media.media_ids`: absent is fine; present must be 1…4 strings.
    private static func mediaIDs(in body: JSONValue) -> Result<[String], XProblem> {
        guard let media = body["media"], media != .null else { return .success([]) }
        guard case .array(let values)? = media["media_ids"] else {
            return .failure(.invalidRequest("`media.media_ids` must be an array of media id strings.", reasonCode: "invalid_media"))
        }
        let ids = values.compactMap(\.stringValue)
        guard ids.count == values.count, (1...maximumMediaCount).contains(ids.count) else {
            return .failure(.invalidRequest("`media.media_ids` must hold 1 to \(maximumMediaCount) media id strings.", reasonCode: "invalid_media"))
        }
        return .success(ids)
    }
}
