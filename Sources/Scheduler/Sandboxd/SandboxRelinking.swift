import Connectors
import Foundation
import SandboxContract
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// A sandbox the daemon started anew has forgotten every token the last one issued (the emulations keep them in memory
/// only): each account linked through it is marked `needs_relink` at start, with the commands that link it again, so
/// `status` and `doctor` say so instead of a post failing later with "could not connect" or "invalid token". Its posts
/// wait, as for any account that needs relinking, and go out once it is linked again (issue 48, item 1).
package struct SandboxRelinking: Sendable {
    package let store: any AccountStore
    package let vault: CredentialVault

    /// Whether the sandbox now running (`instance`) is another than the one `record` says the accounts were linked on. A
    /// missing record, or a sandbox that names no instance, counts as another: the daemon started it, so it is new.
    package static func isNewSandbox(record: SandboxRecord?, instance: String?) -> Bool {
        guard let known = record?.instance, let instance else { return true }
        return known != instance
    }

    /// Marks every active account linked through the sandbox as needing relinking, saying why and how; returns how many.
    ///
    /// Linked through the sandbox: in sandbox mode every X, Facebook, Instagram, LinkedIn and Threads account publishes
    /// to the emulations; a Bluesky or Mastodon account when its server is on loopback, where only the sandbox listens.
    /// Handoff accounts hold no token and are left alone, as are credentials this key cannot open (already marked).
    package func markForgottenTokens() async throws -> Int {
        let accounts = Dictionary(uniqueKeysWithValues: try await store.accounts().map { ($0.id, $0) })
        var marked = 0
        for (accountID, sealed) in try await store.sealedBlobs() {
            guard let account = accounts[accountID], account.status == .active,
                  let credentials = try? vault.open(sealed, accountID: accountID), Self.isLinkedThroughSandbox(account.network, credentials) else { continue }
            try await store.markNeedsRelink(accountID: accountID, reason: Self.reason(account))
            marked += 1
        }
        return marked
    }

    package static func isLinkedThroughSandbox(_ network: Network, _ credentials: AccountCredentials) -> Bool {
        guard network == .bluesky || network == .mastodon else { return true }
        guard let server = credentials.serviceURL, let host = URL(string: server)?.host else { return false }
        return ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) || host.hasPrefix("127.")
    }

    /// Why the account needs relinking, and the commands that link the same person again (their ids are the same in
    /// every sandbox, so the account keeps its row and its waiting posts).
    package static func reason(_ account: AccountRecord) -> String {
        "the sandbox was restarted and no longer knows this account's token; link it again: \(relinkCommand(account))"
    }

    /// `schedctl sandbox token … | schedctl accounts add …` where the sandbox mints the account's token by username;
    /// `schedctl accounts link …` (which the sandbox approves at once) where it does not.
    package static func relinkCommand(_ account: AccountRecord) -> String {
        let network = account.network.rawValue
        switch account.network {
        case .x:
            return "schedctl sandbox token x --username \(account.handle) | schedctl accounts add x"
        case .bluesky:
            let username = account.handle.hasSuffix(".bsky.sandbox") ? String(account.handle.dropLast(".bsky.sandbox".count)) : account.handle
            return "schedctl sandbox token bluesky --username \(username) | schedctl accounts add bluesky"
        case .mastodon:
            let parts = account.handle.split(separator: "@", maxSplits: 1).map(String.init)
            let (username, domain) = (parts.first ?? account.handle, parts.count == 2 ? parts[1] : SandboxCredentials.mastodonDomain)
            if domain == SandboxCredentials.mastodonDomain {
                return "schedctl sandbox token mastodon --username \(username) | schedctl accounts add mastodon"
            }
            return "schedctl accounts link mastodon --instance \(domain), signing in as \(username)"
        default:
            return "schedctl accounts link \(network)"
        }
    }
}
