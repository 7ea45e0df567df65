import SchedulerDomain

/// Sandbox mode could not start `sandboxd`, the network emulations the daemon no longer carries; the message says
/// where it looked or what went wrong, and how to fix it.
package struct SandboxdError: Error, Sendable, CustomStringConvertible {
    /// A stable, machine-readable reason.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case notFound = "not_found"
            case cannotStart = "cannot_start"
            case noAnnouncement = "no_announcement"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// No executable `sandboxd` beside `schedulerd` nor on `PATH`.
        package static let notFound = Code(.notFound)
        /// The process could not be started (a pipe or the spawn failed).
        package static let cannotStart = Code(.cannotStart)
        /// It exited, or said nothing in time, before announcing where it listens.
        package static let noAnnouncement = Code(.noAnnouncement)

        package var description: String { base.rawValue }
    }

    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
