import Foundation

/// Why the throwaway cluster could not be had, worded for the person reading a failed test: what was being
/// done, the command as it could be pasted into a shell, what it wrote, and the end of the server's log.
public struct PostgresClusterError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = "PostgreSQL test cluster: " + description
    }

    /// A command that did not succeed; `serverLog`, when given, adds the log's last lines.
    init(_ step: String, _ output: CommandOutput, serverLog: String? = nil) {
        var text = "\(step) failed (\(output.ending)): \(output.commandLine)"
        for (name, stream) in [("stderr", output.stderr), ("stdout", output.stdout)] {
            let trimmed = stream.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { text += "\n\(name):\n\(trimmed)" }
        }
        if let serverLog { text += "\n" + Self.tail(ofLog: serverLog) }
        self.init(text)
    }

    /// The last `count` lines of the server log at `path`, headed by its path.
    static func tail(ofLog path: String, count: Int = 30) -> String {
        guard let log = try? String(contentsOfFile: path, encoding: .utf8) else {
            return "(no server log at \(path))"
        }
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false).suffix(count + 1)
        return "last lines of the server log \(path):\n" + lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }
}
