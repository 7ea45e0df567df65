import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    package func setInstanceLimits(accountID: Int64, limits: MastodonInstanceLimits) async throws {
        try await writer.write { db in
            try db.execute(sql: "UPDATE account SET network_limits = ? WHERE id = ?", arguments: [limits.json, accountID])
        }
    }

    package func instanceApp(network: Network, instance: String, redirectURI: String) async throws -> InstanceApp? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: """
                SELECT client_id, sealed_secret FROM instance_app WHERE network = ? AND instance = ? AND redirect_uri = ?
                """, arguments: [network.rawValue, instance, redirectURI]).map {
                InstanceApp(clientID: $0["client_id"], sealedSecret: Array(($0["sealed_secret"] as Data?) ?? Data()))
            }
        }
    }

    package func storeInstanceApp(_ app: InstanceApp, network: Network, instance: String, redirectURI: String, now: Date) async throws {
        try await writer.write { db in
            try db.execute(sql: """
                INSERT INTO instance_app (network, instance, redirect_uri, client_id, sealed_secret, created_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (network, instance, redirect_uri) DO UPDATE SET client_id = excluded.client_id,
                    sealed_secret = excluded.sealed_secret, created_at = excluded.created_at
                """, arguments: [network.rawValue, instance, redirectURI, app.clientID, Data(app.sealedSecret), now.unixMilliseconds])
        }
    }
}
