import Connectors
import Foundation
import SchedulerCore

/// The servers accounts live on when each has its own: a Bluesky account's PDS, a Mastodon account's instance. Each is
/// asked once, as the networks' APIs are, for its clock and whether it answers at all.
extension Doctor {
    /// `skipping`: servers already found unreachable, said once by ``reachabilityFindings()``.
    package func accountServerFindings(now: Date, skipping: Set<String> = []) async -> [DoctorFinding] {
        guard let blobs = try? await store.sealedBlobs(), let accounts = try? await store.accounts() else { return [] }
        let networks = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0) })
        var servers: [String: [String]] = [:]
        for blob in blobs {
            guard let account = networks[blob.accountID], [.bluesky, .mastodon].contains(account.network),
                  let server = (try? vault.open(blob.sealed, accountID: blob.accountID))?.serviceURL, !skipping.contains(server) else { continue }
            servers[server, default: []].append(account.reference)
        }
        let targets = servers.keys.sorted().map { server in
            (name: "\(servers[server]!.sorted().joined(separator: ", "))'s server", url: server)
        }
        return await ClockSkewProbe(targets: targets, transport: clock.transport, timeout: clock.timeout).findings(now: now)
    }
}
