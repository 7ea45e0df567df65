import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    /// Records the warnings about configured API versions found at this start (`network` → message): each
    /// raises an `api_version` event the first time it is seen, not at every restart; a network with no
    /// warning now forgets its old one, so it is told again if the problem comes back. The message is stored only
    /// when it differs, in one statement, so daemons starting together raise the event once.
    package func noteAPIVersionWarnings(_ warnings: [(network: Network, message: String)], now: Date) async throws {
        try await write { session in
            for network in Network.allCases {
                let key = "api_version_warning:\(network.rawValue)"
                guard let warning = warnings.first(where: { $0.network == network }) else {
                    try await session.execute("DELETE FROM setting WHERE name = \(key)")
                    continue
                }
                let stored = try await session.rows("""
                    INSERT INTO setting (name, value) VALUES (\(key), \(warning.message))
                    ON CONFLICT (name) DO UPDATE SET value = excluded.value WHERE setting.value IS DISTINCT FROM excluded.value
                    RETURNING name
                    """)
                guard !stored.isEmpty else { continue }
                try await insertEvent(EventRecord(event: "api_version", at: now, network: network.rawValue, message: warning.message), session)
            }
        }
    }
}
