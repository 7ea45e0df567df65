/// The command that links an account again *as the same identity*, in one place: `accounts link x` alone signs in
/// whoever the browser is signed in as (another identity, for an account added from a token), so the hint names the
/// handle to sign in as, and the network that links only by app password (Bluesky) gets `accounts add`.
public enum RelinkCommand {
    public static func text(network: Network, handle: String) -> String {
        switch network {
        case .bluesky:
            return "`schedctl accounts add bluesky --handle \(handle)` with a new app password"
        case .mastodon:
            let instance = handle.split(separator: "@").last.map(String.init) ?? "INSTANCE"
            return "`schedctl accounts link mastodon --instance \(instance)` signed in as @\(handle), "
                + "or `schedctl accounts add mastodon --instance \(instance)` with a new token of it"
        default:
            return "`schedctl accounts link \(network.rawValue)` signed in as @\(handle), "
                + "or `schedctl accounts add \(network.rawValue)` with a new token of it"
        }
    }

    /// The command for an account named `network:@handle`, as events name it; nil for any other form.
    public static func text(account reference: String) -> String? {
        guard let colon = reference.firstIndex(of: ":"), let network = Network(rawValue: String(reference[..<colon])) else { return nil }
        var handle = reference[reference.index(after: colon)...]
        if handle.hasPrefix("@") { handle = handle.dropFirst() }
        return handle.isEmpty ? nil : text(network: network, handle: String(handle))
    }
}

extension AccountView {
    /// How to link this account again as the same identity (``RelinkCommand``).
    public var relinkCommand: String { RelinkCommand.text(network: network, handle: handle) }
}
