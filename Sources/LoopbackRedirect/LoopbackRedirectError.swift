/// An error from the loopback listener: a stable ``Code`` to branch on and a message a person can act on.
///
/// The code wraps a private enum, so new codes can be added without breaking callers that `switch` over them (they
/// compare against the static members instead). Messages never contain the redirect's query (it carries the code).
public struct LoopbackRedirectError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, as an opaque value compared with `==` against the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: Hashable, Sendable {
            case invalidRequest, transport, timedOut, cancelled
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The listener was used wrongly: a path without a leading `/`, or a second wait while one runs.
        public static let invalidRequest = Code(.invalidRequest)
        /// No socket could be opened on 127.0.0.1 (then fall back to pasting the redirect).
        public static let transport = Code(.transport)
        /// No browser came back in time.
        public static let timedOut = Code(.timedOut)
        /// The waiting task was cancelled, or the listener was closed while waiting.
        public static let cancelled = Code(.cancelled)

        public var description: String {
            "\(base)"
        }
    }

    /// The kind of failure, for callers to branch on.
    public var code: Code
    /// A human-readable explanation.
    public var message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String {
        "LoopbackRedirectError.\(code): \(message)"
    }
}
