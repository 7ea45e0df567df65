import SchedulerCore

/// A request the daemon refuses, with the control-API error code it maps to at the edge: `message` states what is
/// wrong (door-neutral), `hint` what could be done, worded by each door (the API, schedctl, the web app) on its own.
package struct RequestError: Error, Sendable, CustomStringConvertible {
    package var code: APIErrorCode
    package var message: String
    package var problems: [String]?
    package var hint: RefusalHint?

    package init(_ code: APIErrorCode, _ message: String, problems: [String]? = nil, hint: RefusalHint? = nil) {
        self.code = code
        self.message = message
        self.problems = problems
        self.hint = hint
    }

    package var description: String { message }

    package static func badRequest(_ message: String, problems: [String]? = nil, hint: RefusalHint? = nil) -> RequestError {
        RequestError(.badRequest, message, problems: problems, hint: hint)
    }

    /// Several problems found at once, each kept for `problems`: one alone is the message; more are joined under
    /// `heading` ("the post was refused").
    package static func refused(_ problems: [String], _ heading: String) -> RequestError {
        badRequest(problems.count == 1 ? problems[0] : "\(heading): \(problems.joined(separator: "; "))", problems: problems)
    }

    /// Store errors carry their meaning in their code; the message and the hint pass through unchanged.
    package init(_ error: StoreError) {
        switch error.code {
        case .notFound: self.init(.notFound, error.message, hint: error.hint)
        case .conflict: self.init(.conflict, error.message, hint: error.hint)
        case .invalid: self.init(.badRequest, error.message, hint: error.hint)
        default: self.init(.internalError, error.message, hint: error.hint)
        }
    }
}
