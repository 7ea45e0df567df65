import Foundation

/// A Bluesky sign-in as a person gives it: the app password on standard input or in a file (never on the command line,
/// where `ps` and the shell's history would keep it), as one line or as JSON with the handle beside it
/// (`{"handle": "…", "password": "…"}`, which `schedctl sandbox token bluesky` prints as `username` and `token`).
enum AppPasswordInput {
    static func read(fromFile path: String?, handle given: String?) throws -> (handle: String, password: String) {
        let source = path ?? "standard input"
        let parsed: (handle: String?, password: String?)
        if let path {
            parsed = parse(try LocalFile.text(path, what: "the app password file"))
        } else if isatty(STDIN_FILENO) == 1 {
            guard given != nil else { throw CLIError.badInput("give the account's handle with --handle NAME") }
            parsed = (nil, getpass("App password: ").map { String(cString: $0) })
        } else {
            parsed = parse(try LocalFile.standardInput())
        }
        guard let handle = given ?? parsed.handle, !handle.isEmpty else {
            throw CLIError.badInput("no handle given: use --handle NAME, or JSON with \"handle\" in \(source)")
        }
        guard let password = parsed.password, !password.isEmpty else { throw CLIError.badInput("no app password found in \(source)") }
        return (handle, password)
    }

    /// JSON (`handle`/`username`/`identifier` and `password`/`app_password`/`token`), or the first non-empty line.
    static func parse(_ text: String) -> (handle: String?, password: String?) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any] {
            func first(_ keys: [String]) -> String? { keys.lazy.compactMap { object[$0] as? String }.first }
            return (first(["handle", "username", "identifier"]), first(["password", "app_password", "token"]))
        }
        return (nil, trimmed.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) })
    }
}
