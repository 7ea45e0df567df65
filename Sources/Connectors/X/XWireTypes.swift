/// X API v2 bodies, exactly as API-NOTES describes them.
struct XEnvelope<Payload: Decodable>: Decodable {
    var data: Payload
}

struct XCreatePost: Encodable {
    var text: String
    var media: Media?
    /// The post this one answers: the previous part of a thread.
    var reply: Reply?

    struct Reply: Encodable {
        var inReplyToTweetID: String

        enum CodingKeys: String, CodingKey {
            case inReplyToTweetID = "in_reply_to_tweet_id"
        }
    }

    struct Media: Encodable {
        var mediaIDs: [String]

        enum CodingKeys: String, CodingKey {
            case mediaIDs = "media_ids"
        }
    }
}

struct XCreatedPost: Decodable {
    var id: String
    var text: String?
}

struct XUser: Decodable {
    var id: String
    var name: String
    var username: String
}

/// X's problem-details error body: `{"title","detail","type","status"}`, with `errors[].message` for
/// the specific reasons of an invalid request.
struct XProblem: Decodable {
    var title: String?
    var detail: String?
    var type: String?
    var status: Int?
    var errors: [Message]?

    struct Message: Decodable {
        var message: String?
    }
}
