/// A failure that ends `schedctl` with a documented exit code and a message on standard error
/// (with `--json`, also as `{"error", "problems"}` on standard output).
struct CLIError: Error, CustomStringConvertible {
    var exitCode: Int32
    /// What went wrong and what to do, in one sentence or two.
    var message: String
    /// Each problem on its own, when the daemon listed several (one per network or account, say).
    var problems: [String] = []

    init(exitCode: Int32, message: String, problems: [String] = []) {
        self.exitCode = exitCode
        self.message = message
        self.problems = problems
    }

    /// The message for people: with several problems, the daemon's summary as a heading and one problem a line.
    var description: String {
        guard problems.count > 1 else { return message }
        let joined = problems.joined(separator: "; ")
        var heading = "the request was refused"
        if message.hasSuffix(joined) {
            let head = message.dropLast(joined.count).trimmingCharacters(in: .whitespaces)
            if head.count > 1 { heading = String(head.hasSuffix(":") ? head.dropLast() : head[...]) }
        }
        return heading + ":\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }

    static func badInput(_ message: String) -> CLIError { CLIError(exitCode: ExitCodes.badInput, message: message) }
}

/// Exit codes scripts can rely on (docs/using-schedctl.md, "Exit codes").
enum ExitCodes {
    static let success: Int32 = 0
    /// The daemon failed or answered something unexpected, or something outside it did (a network, a file).
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
