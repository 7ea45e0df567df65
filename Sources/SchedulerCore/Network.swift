/// The social networks schedulerd publishes to; the raw value is the name people type (`x`, `facebook`, …).
public enum Network: String, Codable, Sendable, CaseIterable, CustomStringConvertible {
    case x
    case facebook
    case linkedin
    case instagram
    case bluesky
    case mastodon
    case threads

    /// The name a person reads in messages ("X", "LinkedIn").
    public var displayName: String {
        switch self {
        case .x: "X"
        case .facebook: "Facebook"
        case .linkedin: "LinkedIn"
        case .instagram: "Instagram"
        case .bluesky: "Bluesky"
        case .mastodon: "Mastodon"
        case .threads: "Threads"
        }
    }

    /// Two letters or one, where space is short (the calendar's cells, `status`'s next days): X, FB, LI, IG, BS, MA, TH.
    public var shortName: String {
        switch self {
        case .x: "X"
        case .facebook: "FB"
        case .linkedin: "LI"
        case .instagram: "IG"
        case .bluesky: "BS"
        case .mastodon: "MA"
        case .threads: "TH"
        }
    }

    /// Whether a handle names one identity at a time on this network (X, Instagram, Threads usernames, Bluesky handles,
    /// Mastodon's user@domain), so an account linked under the handle of an existing one *is* that account, under an
    /// identity the network now gives it (recreated, or a sandbox restarted). A Page's or a member's name is no such
    /// thing: two Facebook Pages or LinkedIn members may share one.
    public var handleNamesOneIdentity: Bool {
        switch self {
        case .x, .instagram, .bluesky, .mastodon, .threads: true
        case .facebook, .linkedin: false
        }
    }

    public var description: String { rawValue }
}
