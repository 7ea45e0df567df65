import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// Records the warnings about configured API versions found at this start (`network` → message): each
    /// raises an `api_version` event the first time it is seen, not at every restart; a network with no
    /// warning now forgets its old one, so it is told again if the problem comes back.
    package func noteAPIVersionWarnings(_ warnings: [(network: Network, message: String)], now: Date) async throws {
        try await writer.write { db in
            for network in Network.allCases {
                let key = "api_version_warning:\(network.rawValue)"
                guard let warning = warnings.first(where: { $0.network == network }) else {
                    try db.execute(sql: "DELETE FROM setting WHERE name = ?", arguments: [key])
                    continue
                }
                let previous = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE name = ?", arguments: [key])
                guard previous != warning.message else { continue }
                try db.execute(sql: "INSERT OR REPLACE INTO setting (name, value) VALUES (?, ?)", arguments: [key, warning.message])
                try insertEvent(EventRecord(event: "api_version", at: now, network: network.rawValue, message: warning.message), db)
            }
        }
    }
}
