import Foundation
import GRDB

extension SQLiteStore {
    /// Deletes every account's sealed credentials, for a credential key lost for good: the accounts that held them
    /// become `needs_relink` with `reason` (a `needs_relink` event each), so their posts wait for a relink instead of
    /// failing, and nothing is left that only the lost key could open. One transaction.
    ///
    /// - Returns: the accounts that now need relinking (revoked ones left out), as `network:@handle`.
    package func forgetSealedCredentials(reason: String, now: Date) async throws -> [String] {
        try await writer.write { [eventsCommitted] db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, network, handle FROM account WHERE sealed_credentials IS NOT NULL AND status != 'revoked' ORDER BY network, handle
                """)
            for row in rows {
                try Self.markNeedsRelink(accountID: row["id"], reason: reason, at: now, db, signal: eventsCommitted)
                try db.execute(sql: "UPDATE account SET status_reason = ? WHERE id = ? AND status = 'needs_relink'", arguments: [reason, row["id"] as Int64])
            }
            try db.execute(sql: """
                UPDATE account SET sealed_credentials = NULL, has_refresh_token = 0, access_expires_at = NULL, updated_at = ?
                WHERE sealed_credentials IS NOT NULL
                """, arguments: [now.unixMilliseconds])
            return rows.map { "\($0["network"] as String):@\($0["handle"] as String)" }
        }
    }
}
