/// The body of every control-API error: a stable code a script can branch on, and a message a person can act on.
public struct APIErrorBody: Codable, Sendable, Equatable {
    public struct Detail: Codable, Sendable, Equatable {
        public var code: String
        public var message: String
        /// One entry per problem when several were found (for example one per target account).
        public var problems: [String]?
        /// What could be done about it, as facts: schedctl words it in its flags, a script may branch on it.
        public var hint: RefusalHint?
        /// The hint in the control API's words (its routes and request fields); `message` says what is wrong.
        public var advice: String?

        public init(code: String, message: String, problems: [String]? = nil, hint: RefusalHint? = nil, advice: String? = nil) {
            self.code = code; self.message = message; self.problems = problems; self.hint = hint; self.advice = advice
        }
    }

    public var error: Detail

    public init(code: String, message: String, problems: [String]? = nil, hint: RefusalHint? = nil, advice: String? = nil) {
        self.error = Detail(code: code, message: message, problems: problems, hint: hint, advice: advice)
    }
}

/// Error codes the control API uses, paired with their HTTP status at the edge.
public enum APIErrorCode: String, Sendable {
    case badRequest = "bad_request"
    case notFound = "not_found"
    /// The person may not do this (a web app role that does not include it).
    case forbidden = "forbidden"
    case conflict = "conflict"
    case unavailable = "unavailable"
    case internalError = "internal"
}
