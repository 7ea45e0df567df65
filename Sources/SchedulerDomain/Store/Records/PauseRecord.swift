import Foundation
import SchedulerCore

/// What is paused, as the stores keep it: everything, accounts by `network:@handle`, and networks; after a resume, also
/// what the resume lifted.
package struct PauseRecord: Sendable, Equatable {
    package var everything: Bool
    package var accounts: [String]
    package var networks: [NetworkPauseRecord]
    /// What a resume lifted; nil for a pause or a plain reading.
    package var resumed: Resumed?

    package var isEmpty: Bool { !everything && accounts.isEmpty && networks.isEmpty }

    /// What one resume lifted: what was paused before it and is not after.
    package struct Resumed: Sendable, Equatable {
        package var everything: Bool
        package var accounts: [String]
        package var networks: [Network]

        package var isEmpty: Bool { !everything && accounts.isEmpty && networks.isEmpty }

        package init(everything: Bool, accounts: [String], networks: [Network]) {
            self.everything = everything; self.accounts = accounts; self.networks = networks
        }
    }

    package init(everything: Bool, accounts: [String], networks: [NetworkPauseRecord] = [], resumed: Resumed? = nil) {
        self.everything = everything
        self.accounts = accounts
        self.networks = networks
        self.resumed = resumed
    }

    /// This state with `resumed` set to what was paused in `before` and is no longer: the resume's own effect.
    package func lifted(since before: PauseRecord) -> PauseRecord {
        var record = self
        let networksNow = Set(networks.map(\.network))
        record.resumed = Resumed(everything: before.everything && !everything, accounts: before.accounts.filter { !accounts.contains($0) },
                                 networks: before.networks.map(\.network).filter { !networksNow.contains($0) })
        return record
    }
}

/// A paused network: by a person (`pause --network`) or because the network refuses this app, with why and since when.
package struct NetworkPauseRecord: Sendable, Equatable {
    package var network: Network
    package var byPerson: Bool
    package var reason: String
    package var remedy: String?
    package var since: Date

    package init(network: Network, byPerson: Bool, reason: String, remedy: String?, since: Date) {
        self.network = network; self.byPerson = byPerson; self.reason = reason; self.remedy = remedy; self.since = since
    }
}

/// Waiting deliveries a rate-limit budget holds back, and the span of times they are held until.
package struct ThrottleRecord: Sendable, Equatable {
    package var deliveries: Int
    package var from: Date
    package var until: Date

    package init(deliveries: Int, from: Date, until: Date) {
        self.deliveries = deliveries; self.from = from; self.until = until
    }
}
