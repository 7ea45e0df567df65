/// X's success envelope: `{"data": …}`.
struct XDataEnvelope<Payload: Encodable & Sendable>: Encodable, Sendable {
    var data: Payload
}

/// The `data` of a `201` from `POST /2/tweets`, as X sends it.
struct XCreatedTweet: Encodable, Sendable {
    var id: String
    var text: String
    var editHistoryTweetIDs: [String]

    init(_ tweet: XTweet) {
        self.id = tweet.id
        self.text = tweet.text
        self.editHistoryTweetIDs = [tweet.id]
    }

    enum CodingKeys: String, CodingKey {
        case id, text
        case editHistoryTweetIDs = "edit_history_tweet_ids"
    }
}

/// The body of `POST /_sandbox/x/tokens`: which sandbox user to mint a token for.
struct XMintTokenRequest: Decodable, Sendable {
    var username: String?
    var name: String?
    /// The token's OAuth 1.0a access level, as the app's permissions were when it was made: `read`, `read-write` (the
    /// default) or `read-write-directmessages` (developer.x.com, "OAuth 1.0a App permissions").
    var accessLevel: String?

    enum CodingKeys: String, CodingKey {
        case username, name
        case accessLevel = "access_level"
    }

    /// The access levels X knows.
    static let accessLevels = ["read", "read-write", "read-write-directmessages"]

    /// The username when one was given, else `sandbox_user`.
    var resolvedUsername: String { username ?? "sandbox_user" }

    /// Whether `username` is a valid X handle: 1–15 letters, digits or underscores.
    static func isValidUsername(_ username: String) -> Bool {
        (1...15).contains(username.count)
            && username.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }
}
