/// The one line `sandboxd` prints on standard output once every emulation accepts connections, so a parent process
/// (`schedulerd --sandbox`, the end-to-end tests) learns where to connect:
/// `sandboxd listening http://127.0.0.1:PX facebook=http://127.0.0.1:PF linkedin=http://127.0.0.1:PL`.
///
/// Written and read here, in one place, so the two sides cannot drift. X's URL stays the third word for older readers.
public enum SandboxAnnouncement {
    /// The line for `urls`, keyed by network name (`x`, `facebook`, `linkedin`), without a newline.
    public static func line(_ urls: [String: String]) -> String {
        "sandboxd listening \(urls["x"] ?? "") facebook=\(urls["facebook"] ?? "") linkedin=\(urls["linkedin"] ?? "")"
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
