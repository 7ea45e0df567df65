/// Why the sandbox could not start or answer a question about itself.
public struct SandboxError: Error, Sendable, CustomStringConvertible {
    /// A stable, machine-readable reason.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case notLoopback = "not_loopback"
            case notListening = "not_listening"
            case stopped
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The configured host is not a loopback address.
        public static let notLoopback = Code(.notLoopback)
        /// The server stopped (or failed to bind) before it was listening.
        public static let notListening = Code(.notListening)
        /// The server has stopped.
        public static let stopped = Code(.stopped)

        public var description: String { base.rawValue }
    }

    public var code: Code
    public var message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
