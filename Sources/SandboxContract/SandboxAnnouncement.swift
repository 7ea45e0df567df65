/// The one line `sandboxd` prints on standard output once every emulation accepts connections, so a parent process
/// (`schedulerd --sandbox`, the end-to-end tests) learns where to connect:
/// `sandboxd listening http://127.0.0.1:PX facebook=http://127.0.0.1:PF linkedin=http://127.0.0.1:PL bluesky=http://127.0.0.1:PB`.
///
/// Written and read here, in one place, so the two sides cannot drift. X's URL stays the third word for older readers.
public enum SandboxAnnouncement {
    /// The hosts after X's, in the order the line names them.
    public static let otherHosts = ["facebook", "linkedin", "bluesky", "mastodon", "mastodon-long", "threads"]

    /// The line for `urls`, keyed by host name (`x`, `facebook`, `linkedin`, `bluesky`), without a newline; a host with
    /// no URL is left out.
    public static func line(_ urls: [String: String]) -> String {
        (["sandboxd listening \(urls["x"] ?? "")"] + otherHosts.compactMap { name in urls[name].map { "\(name)=\($0)" } }).joined(separator: " ")
    }

    /// The URLs by network name from such a line; `nil` when `line` is not an announcement.
    public static func parse(_ line: some StringProtocol) -> [String: String]? {
        let words = String(line).split(separator: " ").map(String.init)
        guard words.count >= 3, words[0] == "sandboxd", words[1] == "listening", words[2].hasPrefix("http") else { return nil }
        var urls = ["x": words[2]]
        for pair in words.dropFirst(3) {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2, !parts[1].isEmpty { urls[parts[0]] = parts[1] }
        }
        return urls
    }
}
