import Connectors
import Foundation
import SchedulerCore
import SchedulerDomain
import Synchronization

/// The networks the engine's requests found nothing answering at, per network: which accounts' requests, since when,
/// and what the connection attempt said. An account's record ends with its next request that gets through, the
/// network's with its last account's. `status` shows it as it is, so a status never probes a network itself.
package final class UnreachableNetworks: Sendable {
    private let record = Mutex<[Network: Entry]>([:])

    private struct Entry {
        var accounts: [Int64: String]
        var error: String
        var since: Date
        var lastFailedAt: Date
    }

    /// Notes what `error` says of `claim`'s request: unreachable, or (any other answer) reached.
    package func note(_ error: ConnectorError?, for claim: ClaimedDelivery, at now: Date) {
        guard let error, error.unreachable else { return reached(claim) }
        let reference = "\(claim.network.rawValue):@\(claim.handle)"
        record.withLock { record in
            var entry = record[claim.network] ?? Entry(accounts: [:], error: error.message, since: now, lastFailedAt: now)
            entry.accounts[claim.accountID] = reference
            entry.error = error.message
            entry.lastFailedAt = now
            record[claim.network] = entry
        }
    }

    private func reached(_ claim: ClaimedDelivery) {
        record.withLock { record in
            record[claim.network]?.accounts[claim.accountID] = nil
            if record[claim.network]?.accounts.isEmpty == true { record[claim.network] = nil }
        }
    }

    /// Every unreachable network, in the order of ``Network``; nil when none.
    package var view: [StatusView.Unreachable]? {
        let networks = record.withLock { record in
            Network.allCases.compactMap { network in
                record[network].map {
                    StatusView.Unreachable(network: network, accounts: $0.accounts.values.sorted(), error: $0.error, since: $0.since,
                                           lastFailedAt: $0.lastFailedAt)
                }
            }
        }
        return networks.isEmpty ? nil : networks
    }
}
