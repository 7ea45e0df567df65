import Foundation
import SchedulerServices

/// App secrets come from files or systemd credentials, never from the configuration text itself.
package enum SecretFile {
    /// The trimmed content of `path`, or of `$CREDENTIALS_DIRECTORY/credentialName` when no path is configured.
    package static func read(_ path: String?, credentialName: String, environment: [String: String], what: String) throws -> String {
        var candidate = path
        if candidate == nil, let directory = environment["CREDENTIALS_DIRECTORY"] {
            candidate = (directory as NSString).appendingPathComponent(credentialName)
        }
        guard let file = candidate else {
            throw ConfigurationError("\(what) is not set and no systemd credential '\(credentialName)' was given")
        }
        guard let data = FileManager.default.contents(atPath: file),
              let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            throw ConfigurationError("\(what): cannot read a secret from \(file)")
        }
        return text
    }
}
