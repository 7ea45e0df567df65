import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    package func setInstanceLimits(accountID: Int64, limits: MastodonInstanceLimits) async throws {
        try await write { session in
            try await session.execute("UPDATE account SET network_limits = \(limits.json) WHERE id = \(accountID)")
        }
    }

    package func instanceApp(network: Network, instance: String, redirectURI: String) async throws -> InstanceApp? {
        try await read { session in
            guard let row = try await session.row("""
                SELECT client_id, sealed_secret FROM instance_app
                WHERE network = \(network.rawValue) AND instance = \(instance) AND redirect_uri = \(redirectURI)
                """) else { return nil }
            let secret: ByteBuffer = try row["sealed_secret"]
            return InstanceApp(clientID: try row["client_id"], sealedSecret: Array(secret.readableBytesView))
        }
    }

    package func storeInstanceApp(_ app: InstanceApp, network: Network, instance: String, redirectURI: String, now: Date) async throws {
        try await write { session in
            try await session.execute("""
                INSERT INTO instance_app (network, instance, redirect_uri, client_id, sealed_secret, created_at)
                VALUES (\(network.rawValue), \(instance), \(redirectURI), \(app.clientID), \(ByteBuffer(bytes: app.sealedSecret)),
                        \(databaseMilliseconds(now)))
                ON CONFLICT (network, instance, redirect_uri) DO UPDATE SET client_id = excluded.client_id,
                    sealed_secret = excluded.sealed_secret, created_at = excluded.created_at
                """)
        }
    }
}
