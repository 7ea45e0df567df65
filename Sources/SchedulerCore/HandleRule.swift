/// How a network writes its usernames, for the handles people type themselves (a handoff account's):
/// one that the network could never have is refused when it is given, not when a post goes out.
/// Sources: docs/networks.md, "What the networks require".
public struct HandleRule: Sendable, Equatable {
    public let maxLength: Int
    /// The punctuation allowed besides ASCII letters and digits.
    public let punctuation: Set<Character>

    /// Why `handle` cannot be this network's, or nil when it can.
    public func problem(_ handle: String, network: Network) -> String? {
        let wrong = handle.filter { !($0.isASCII && ($0.isLetter || $0.isNumber)) && !punctuation.contains($0) }
        guard handle.isEmpty || handle.count > maxLength || !wrong.isEmpty else { return nil }
        let allowed = "letters, digits" + (punctuation.contains(".") ? ", periods (.)" : "") + " and underscores (_)"
        var found = ""
        if !wrong.isEmpty {
            let shown = Array(Set(wrong)).sorted().map { $0 == " " ? "a space" : "'\($0)'" }
            found = "; it has " + (shown.count > 1 ? shown.dropLast().joined(separator: ", ") + " and " + shown.last! : shown[0])
        } else if handle.count > maxLength {
            found = "; it has \(handle.count)"
        }
        return "'\(handle)' cannot be an \(network.displayName) handle: \(network.displayName) handles are 1 to \(maxLength) \(allowed)\(found)"
    }
}

extension Network {
    /// The username rule, for the networks whose handles are typed by people; nil where the handle
    /// comes from the network itself (Facebook Pages and LinkedIn members are named by their login).
    public var handleRule: HandleRule? {
        switch self {
        case .x: HandleRule(maxLength: 15, punctuation: ["_"])
        case .instagram: HandleRule(maxLength: 30, punctuation: ["_", "."])
        case .facebook, .linkedin, .bluesky, .mastodon, .threads: nil
        }
    }
}
