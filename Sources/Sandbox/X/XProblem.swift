/// An X API v2 error body: RFC 7807 problem details, shaped as X sends them.
///
/// `reason` is a sandbox-only extra that tells a developer why an auth check failed; real X says less.
public struct XProblem: Error, Codable, Sendable, Equatable {
    /// One entry of X's `errors` array.
    public struct Message: Codable, Sendable, Equatable {
        public var message: String
        public init(message: String) { self.message = message }
    }

    public var title: String
    public var detail: String
    public var type: String
    public var status: Int
    public var errors: [Message]?
    public var reason: String?
    /// A stable code for the sandbox's rejected-request record; not part of the body.
    public var reasonCode: String = "invalid_request"

    enum CodingKeys: String, CodingKey {
        case title, detail, type, status, errors, reason
    }

    public init(title: String, detail: String, type: String, status: Int, errors: [Message]? = nil, reason: String? = nil, reasonCode: String) {
        self.title = title
        self.detail = detail
        self.type = type
        self.status = status
        self.errors = errors
        self.reason = reason
        self.reasonCode = reasonCode
    }

    /// X's problem type for a request whose parameters are wrong.
    public static let invalidRequestType = "https://api.twitter.com/2/problems/invalid-request"

    /// 400: the body or a parameter is wrong; `message` says which.
    public static func invalidRequest(_ message: String, reasonCode: String = "invalid_request") -> XProblem {
        XProblem(
            title: "Invalid Request",
            detail: message,
            type: invalidRequestType,
            status: 400,
            errors: [Message(message: message)],
            reasonCode: reasonCode
        )
    }

    /// 400: the text weighs more than 280; X puts the reason in `errors`, the detail is generic.
    public static let textTooLong = XProblem(
        title: "Invalid Request",
        detail: "One or more parameters to your request was invalid.",
        type: invalidRequestType,
        status: 400,
        errors: [Message(message: "Your Tweet text is too long. For more information on how Twitter determines text length see https://github.com/twitter/twitter-text.")],
        reasonCode: "text_too_long"
    )

    /// 402: the app's pay-per-use credits are spent; every request is refused until they are topped up.
    public static let creditsDepleted = XProblem(
        title: "Payment Required",
        detail: "credits depleted",
        type: "https://api.x.com/2/problems/credits-depleted",
        status: 402,
        reasonCode: "credits_depleted"
    )

    /// 401: the request is not (correctly) authenticated; `reason` says why.
    public static func unauthorized(_ rejection: OAuth1Rejection) -> XProblem {
        XProblem(
            title: "Unauthorized",
            detail: "Unauthorized",
            type: "about:blank",
            status: 401,
            reason: rejection.message,
            reasonCode: rejection.code.description
        )
    }

    /// 401: an OAuth 2.0 Bearer token that is unknown, expired or revoked; `reason` says which.
    public static func unauthorized(reason: String, reasonCode: String) -> XProblem {
        XProblem(title: "Unauthorized", detail: "Unauthorized", type: "about:blank", status: 401, reason: reason, reasonCode: reasonCode)
    }

    /// 403: the OAuth 2.0 user token was not granted every scope this endpoint needs.
    public static func missingScopes(_ scopes: [String]) -> XProblem {
        XProblem(
            title: "Forbidden",
            detail: "Forbidden",
            type: "about:blank",
            status: 403,
            reason: "The access token lacks the scopes this endpoint needs: \(scopes.joined(separator: " ")).",
            reasonCode: "insufficient_scope"
        )
    }

    /// 403: an OAuth 1.0a token whose access level is `read` tried to write; X's words and type, as seen in client reports
    /// (plhery/node-twitter-api-v2#493).
    public static let oauth1Permissions = XProblem(
        title: "Forbidden",
        detail: "Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.",
        type: "https://api.twitter.com/2/problems/oauth1-permissions",
        status: 403,
        reasonCode: "oauth1_permissions"
    )

    /// 403: the same user posted the same text within 24 hours.
    public static let duplicateContent = XProblem(
        title: "Forbidden",
        detail: "You are not allowed to create a Tweet with duplicate content.",
        type: "about:blank",
        status: 403,
        reasonCode: "duplicate_content"
    )

    /// 403: `reply.in_reply_to_tweet_id` names a post that does not exist (or was deleted, or the user cannot see).
    /// The words are X's own (v1.1 code 385, which v2 answers as a problem's `detail`), as seen in client reports.
    public static let replyTargetUnavailable = XProblem(
        title: "Forbidden",
        detail: "You attempted to reply to a Tweet that is deleted or not visible to you.",
        type: "about:blank",
        status: 403,
        reasonCode: "reply_target_unavailable"
    )

    /// 429: the user's 15-minute window is used up.
    public static let tooManyRequests = XProblem(
        title: "Too Many Requests",
        detail: "Too Many Requests",
        type: "about:blank",
        status: 429,
        reasonCode: "rate_limited"
    )
}
