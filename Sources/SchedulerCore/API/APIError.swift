/// The body of every control-API error: a stable code a script can branch on, and a message a person can act on.
public struct APIErrorBody: Codable, Sendable, Equatable {
    public struct Detail: Codable, Sendable, Equatable {
        public var code: String
        public var message: String
        /// One entry per problem when several were found (for example one per target account).
        public var problems: [String]?

        public init(code: String, message: String, problems: [String]? = nil) {
            self.code = code; self.message = message; self.problems = problems
        }
    }

    public var error: Detail

    public init(code: String, message: String, problems: [String]? = nil) {
        self.error = Detail(code: code, message: message, problems: problems)
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
