import Foundation

/// What a mistyped value probably meant, in one place for every door: a network (`twitter`, `twiter` for `x`) and a
/// time zone (`Berlin` for `Europe/Berlin`), as `gh` and `git` suggest a command.
public enum Suggestions {
    /// The problem with `typed` as a network's name, with the likely one; nil when it is one.
    public static func networkProblem(_ typed: String) -> String? {
        let lower = typed.lowercased()
        guard Network(rawValue: lower) == nil else { return nil }
        let meant = network(for: lower).map { " (did you mean \($0.rawValue)?)" } ?? ""
        return "unknown network '\(typed)'\(meant); use \(Network.typedNames())"
    }

    /// The network `typed` most likely names: its old name (`twitter`), its display name, or a name one or two edits away.
    public static func network(for typed: String) -> Network? {
        let lower = typed.lowercased()
        let named = Network.allCases.flatMap { network in ([network.rawValue, network.displayName.lowercased()] + (aliases[network] ?? [])).map { (network, $0) } }
        if let exact = named.first(where: { $0.1 == lower }) { return exact.0 }
        // Within two edits of a name at least four letters long: `ig` is no typo of `x`.
        let scored = named.filter { $0.1.count >= 4 }.map { ($0.0, distance(lower, $0.1)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// What people call the networks besides their names.
    static let aliases: [Network: [String]] = [.x: ["twitter", "tweet"], .facebook: ["fb", "meta"], .instagram: ["ig", "insta"], .bluesky: ["bsky"]]

    /// The problem with `name` as an IANA zone, with the likely one; nil when it is one.
    public static func zoneProblem(_ name: String) -> String? {
        guard TimeZone(identifier: name) == nil else { return nil }
        let meant = zone(for: name).map { "; did you mean \($0)?" } ?? "; use an IANA name such as Europe/Paris or America/New_York"
        return "unknown time zone '\(name)'\(meant)"
    }

    /// The zone `name` most likely names: the one whose city is `name` (`Berlin`, `new york`), or one edit or two away.
    public static func zone(for name: String) -> String? {
        let wanted = name.lowercased().replacingOccurrences(of: " ", with: "_")
        let cities = TimeZone.knownTimeZoneIdentifiers.map { ($0, ($0.split(separator: "/").last.map(String.init) ?? $0).lowercased()) }
        if let exact = cities.first(where: { $0.1 == wanted || $0.0.lowercased() == wanted }) { return exact.0 }
        let scored = cities.map { ($0.0, min(distance(wanted, $0.1), distance(wanted, $0.0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2, wanted.count > 3 else { return nil }
        return best.0
    }

    /// Levenshtein distance between two short words.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
