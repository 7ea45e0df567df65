/// The one line `sandboxd` prints on standard output once every emulation accepts connections, so a parent process
/// (`schedulerd --sandbox`, the end-to-end tests) learns where to connect:
/// `sandboxd listening http://127.0.0.1:PX facebook=http://127.0.0.1:PF linkedin=… bluesky=… mastodon=… mastodon-long=… threads=… instance=ID`.
///
/// Written and read here, in one place, so the two sides cannot drift. X's URL stays the third word for older readers.
/// ``hosts`` is the one registry of the emulated hosts: the listeners, the announcement, `--ports` and the daemon's
/// start-up line all name them from it.
public enum SandboxAnnouncement {
    /// Every emulated host, in the order the line names them (Instagram is served by `facebook`).
    public static let hosts = ["x"] + otherHosts
    /// The hosts after X's, in the order the line names them.
    public static let otherHosts = ["facebook", "linkedin", "bluesky", "mastodon", "mastodon-long", "threads"]
    /// The word that carries the sandbox's instance: new at every start of sandboxd, so a reader can tell a restarted
    /// sandbox (which has forgotten every token) from the one it linked accounts on.
    public static let instanceKey = "instance"

    /// The line for `urls`, keyed by host name (`x`, `facebook`, `linkedin`, `bluesky`), without a newline; a host with
    /// no URL is left out; `instance` last, when given.
    public static func line(_ urls: [String: String], instance: String? = nil) -> String {
        (["sandboxd listening \(urls["x"] ?? "")"] + otherHosts.compactMap { name in urls[name].map { "\(name)=\($0)" } }
            + (instance.map { ["\(instanceKey)=\($0)"] } ?? [])).joined(separator: " ")
    }

    /// The URLs by host name from such a line (the instance left out); `nil` when `line` is not an announcement.
    public static func parse(_ line: some StringProtocol) -> [String: String]? {
        guard var words = pairs(line) else { return nil }
        words[instanceKey] = nil
        return words
    }

    /// The sandbox's instance from such a line; nil when the line names none (an older sandboxd) or is no announcement.
    public static func instance(in line: some StringProtocol) -> String? {
        pairs(line)?[instanceKey]
    }

    private static func pairs(_ line: some StringProtocol) -> [String: String]? {
        let words = String(line).split(separator: " ").map(String.init)
        guard words.count >= 3, words[0] == "sandboxd", words[1] == "listening", words[2].hasPrefix("http") else { return nil }
        var pairs = ["x": words[2]]
        for pair in words.dropFirst(3) {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2, !parts[1].isEmpty { pairs[parts[0]] = parts[1] }
        }
        return pairs
    }

    /// The domain each emulated Mastodon instance calls itself (the domain in its handles, `runner@mastodon.sandbox`), by
    /// host name: `mastodon.sandbox` with Mastodon's 500 characters, `long.sandbox` with 1,000.
    public static let mastodonDomains = ["mastodon": SandboxCredentials.mastodonDomain, "mastodon-long": "long.sandbox"]
}
