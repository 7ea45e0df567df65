import SchedulerCore

/// A request the daemon refuses, with the control-API error code it maps to at the edge.
package struct RequestError: Error, Sendable, CustomStringConvertible {
    package var code: APIErrorCode
    package var message: String
    package var problems: [String]?

    package init(_ code: APIErrorCode, _ message: String, problems: [String]? = nil) {
        self.code = code
        self.message = message
        self.problems = problems
    }

    package var description: String { message }

    package static func badRequest(_ message: String, problems: [String]? = nil) -> RequestError {
        RequestError(.badRequest, message, problems: problems)
    }

    /// Several problems found at once, each kept for `problems`: one alone is the message; more are joined under
    /// `heading` ("the post was refused").
    package static func refused(_ problems: [String], _ heading: String) -> RequestError {
        badRequest(problems.count == 1 ? problems[0] : "\(heading): \(problems.joined(separator: "; "))", problems: problems)
    }

    /// Store errors carry their meaning in their code; the message passes through unchanged.
    package init(_ error: StoreError) {
        switch error.code {
        case .notFound: self.init(.notFound, error.message)
        case .conflict: self.init(.conflict, error.message)
        case .invalid: self.init(.badRequest, error.message)
        default: self.init(.internalError, error.message)
        }
    }
}
