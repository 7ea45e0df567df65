/// Lists of networks as people read them in help and messages, built from ``Network/allCases`` (issue 48, item 6: help
/// and messages named four networks long after there were seven). Every such list is written here, so a network added
/// to the enum is named everywhere at once.
extension Network {
    /// The names people type, "x, facebook, linkedin, instagram, bluesky, mastodon or threads": for an argument's help.
    public static func typedNames(_ networks: [Network] = allCases, joinedBy conjunction: String = "or") -> String {
        phrase(networks.map(\.rawValue), conjunction: conjunction)
    }

    /// The names people read, "X, Facebook, LinkedIn, Instagram, Bluesky, Mastodon and Threads": for prose.
    public static func displayNames(_ networks: [Network] = allCases, joinedBy conjunction: String = "and") -> String {
        phrase(networks.map(\.displayName), conjunction: conjunction)
    }

    /// Each network's short name beside its display name, "X X, FB Facebook, …": the key to the calendar's cells.
    public static func shortNameKey(_ networks: [Network] = allCases) -> String {
        networks.map { "\($0.shortName) \($0.displayName)" }.joined(separator: ", ")
    }

    /// The networks `schedctl accounts link` links in a browser: every one with a sign-in page (OAuth); Bluesky is
    /// linked with an app password by `accounts add` instead.
    public var linksInBrowser: Bool { self != .bluesky }

    /// `a`, `a or b`, `a, b or c`: the one way lists of networks are joined.
    static func phrase(_ words: [String], conjunction: String) -> String {
        guard let last = words.last else { return "" }
        guard words.count > 1 else { return last }
        return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
