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

    public var description: String { rawValue }
}
