/// A failure that ends `schedctl` with a documented exit code and a message on standard error.
struct CLIError: Error, CustomStringConvertible {
    var exitCode: Int32
    var message: String

    var description: String { message }

    static func badInput(_ message: String) -> CLIError { CLIError(exitCode: ExitCodes.badInput, message: message) }
}

/// Exit codes scripts can rely on (README, "Exit codes").
enum ExitCodes {
    static let success: Int32 = 0
    /// The daemon failed or answered something unexpected.
    static let failure: Int32 = 1
    /// The request was refused as invalid: nothing was stored.
    static let badInput: Int32 = 2
    /// The post or account named does not exist.
    static let notFound: Int32 = 3
    /// No daemon answers on the control socket.
    static let unreachable: Int32 = 4
    /// The request conflicts with the current state (e.g. cancelling a published post).
    static let conflict: Int32 = 5
}
