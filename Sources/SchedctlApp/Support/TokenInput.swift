import Foundation

/// Reads a token (and secret) from a file or standard input, never from argv where `ps` would show it.
enum TokenInput {
    /// The token, its secret (X), and the server it is for when the input names one (a Mastodon instance, as
    /// `schedctl sandbox token mastodon` prints it).
    static func read(fromFile path: String?, needsSecret: Bool) throws -> (String, String?, String?) {
        let text: String
        if let path {
            text = try LocalFile.text(path, what: "the token file")
        } else if isatty(STDIN_FILENO) == 1 {
            let token = prompt("Access token: ")
            let secret = needsSecret ? prompt("Access token secret: ") : nil
            let checked = try check(token, secret, needsSecret: needsSecret, source: "the terminal")
            return (checked.0, checked.1, nil)
        } else {
            text = try LocalFile.standardInput()
        }
        let (token, secret) = parse(text)
        let checked = try check(token, secret, needsSecret: needsSecret, source: path ?? "standard input")
        return (checked.0, checked.1, service(in: text))
    }

    /// `service` or `instance` of a JSON object.
    static func service(in text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any] else { return nil }
        return (object["service"] as? String) ?? (object["instance"] as? String)
    }

    /// JSON object, `key=value&…` form, or two lines.
    static func parse(_ text: String) -> (String?, String?) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("{"), let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any] {
            func first(_ keys: [String]) -> String? { keys.lazy.compactMap { object[$0] as? String }.first }
            return (first(["token", "oauth_token", "access_token"]), first(["token_secret", "oauth_token_secret", "access_token_secret"]))
        }
        if trimmed.contains("=") && !trimmed.contains("\n") {
            var fields: [String: String] = [:]
            for pair in trimmed.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                if parts.count == 2 { fields[parts[0]] = parts[1] }
            }
            return (fields["oauth_token"] ?? fields["token"] ?? fields["access_token"], fields["oauth_token_secret"] ?? fields["token_secret"])
        }
        let lines = trimmed.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return (lines.first, lines.count > 1 ? lines[1] : nil)
    }

    private static func check(_ token: String?, _ secret: String?, needsSecret: Bool, source: String) throws -> (String, String?) {
        guard let token, !token.isEmpty else { throw CLIError.badInput("no token found in \(source)") }
        if needsSecret && (secret ?? "").isEmpty {
            throw CLIError.badInput("no token secret found in \(source); X needs the access token and its secret")
        }
        return (token, secret)
    }

    private static func prompt(_ text: String) -> String {
        guard let pointer = getpass(text) else { return "" }
        return String(cString: pointer)
    }
}
