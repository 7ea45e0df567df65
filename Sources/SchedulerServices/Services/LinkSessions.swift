import Connectors
import CryptoPrimitives
import Foundation

/// Authorizations a person has started and not finished. Kept in memory only: they hold a PKCE
/// verifier or a temporary token, live 15 minutes, and are used once.
package actor LinkSessions {
    private var pending: [String: PendingLink] = [:]
    package let lifetime: TimeInterval

    package init(lifetime: TimeInterval = 900) {
        self.lifetime = lifetime
    }

    package func add(_ link: PendingLink, now: Date = Date()) -> String {
        pending = pending.filter { now.timeIntervalSince($0.value.createdAt) < lifetime }
        let id = SecureRandom.alphanumeric(20)
        pending[id] = link
        return id
    }

    /// Removes and returns the link: a second attempt with the same id must start again.
    package func take(_ id: String, now: Date = Date()) -> PendingLink? {
        guard let link = pending.removeValue(forKey: id), now.timeIntervalSince(link.createdAt) < lifetime else { return nil }
        return link
    }
}
