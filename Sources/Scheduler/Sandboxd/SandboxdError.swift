/// Sandbox mode could not start `sandboxd`, the network emulations the daemon no longer carries; the message says
/// where it looked or what went wrong, and how to fix it.
public struct SandboxdError: Error, Sendable, CustomStringConvertible {
    /// A stable, machine-readable reason.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case notFound = "not_found"
            case cannotStart = "cannot_start"
            case noAnnouncement = "no_announcement"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// No executable `sandboxd` beside `schedulerd` nor on `PATH`.
        public static let notFound = Code(.notFound)
        /// The process could not be started (a pipe or the spawn failed).
        public static let cannotStart = Code(.cannotStart)
        /// It exited, or said nothing in time, before announcing where it listens.
        public static let noAnnouncement = Code(.noAnnouncement)

        public var description: String { base.rawValue }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
