import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    package static let accountColumns = """
        a.id, a.network, a.handle, a.display_name, a.remote_id, a.auth_kind, a.status, a.created_at,
        a.access_expires_at, a.has_refresh_token, a.status_reason, a.permission_refusals, a.permission_refusal, a.permission_refused_since,
        a.network_limits,
        (SELECT COALESCE(SUM(c.n), 0) FROM delivery_count c WHERE c.account_id = a.id
            AND c.state IN (\(DeliveryLifecycle.sql(DeliveryLifecycle.unfinished)))) AS pending_posts,
        CASE WHEN a.access_expires_at IS NULL THEN 0 ELSE
            (SELECT COUNT(*) FROM delivery d INDEXED BY delivery_due_by_account WHERE d.account_id = a.id
             AND d.state IN ('scheduled', 'retrying') AND d.next_attempt_at >= a.access_expires_at) END AS posts_after_expiry
        """

    package static func accountRecord(_ row: Row) -> AccountRecord {
        AccountRecord(
            id: row["id"], network: Network(rawValue: row["network"]) ?? .x, handle: row["handle"],
            displayName: row["display_name"], remoteId: row["remote_id"],
            authKind: AuthKind(rawValue: row["auth_kind"]) ?? .none,
            status: AccountStatus(rawValue: row["status"]) ?? .active,
            createdAt: Date(unixMilliseconds: row["created_at"]), pendingPosts: row["pending_posts"],
            accessExpiresAt: (row["access_expires_at"] as Int64?).map(Date.init(unixMilliseconds:)),
            refreshable: row["has_refresh_token"], postsAfterExpiry: row["posts_after_expiry"], statusReason: row["status_reason"],
            permissionRefusal: .stored(count: row["permission_refusals"], reason: row["permission_refusal"], since: row["permission_refused_since"]),
            instanceLimits: MastodonInstanceLimits(json: row["network_limits"]))
    }

    /// Adds the account, or re-activates it with new credentials when the same remote account is imported again.
    /// `seal` receives the row id, so the sealed blob is bound to its row; `replacing` as ``AccountStore`` says.
    package func upsertAccount(network: Network, remoteID: String, handle: String, displayName: String, authKind: AuthKind,
                              grant: CredentialGrant, now: Date, replacing: Int64?,
                              seal: @escaping @Sendable (Int64) throws -> [UInt8]?) async throws -> AccountRecord {
        try await writer.write { db in
            let ms = now.unixMilliseconds
            if let replacing {
                try db.execute(sql: """
                    UPDATE account SET remote_id = ? WHERE id = ? AND network = ?
                        AND NOT EXISTS (SELECT 1 FROM account WHERE network = ? AND remote_id = ?)
                    """, arguments: [remoteID, replacing, network.rawValue, network.rawValue, remoteID])
            }
            try db.execute(sql: """
                INSERT INTO account (network, remote_id, handle, display_name, auth_kind, status, scopes, access_expires_at,
                                     has_refresh_token, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?)
                ON CONFLICT (network, remote_id) DO UPDATE SET handle = excluded.handle,
                    display_name = excluded.display_name, auth_kind = excluded.auth_kind, status = 'active', status_reason = NULL,
                    scopes = excluded.scopes, access_expires_at = excluded.access_expires_at,
                    has_refresh_token = excluded.has_refresh_token, updated_at = excluded.updated_at,
                    permission_refusals = 0, permission_refusal = NULL, permission_refused_since = NULL
                """, arguments: [network.rawValue, remoteID, handle, displayName, authKind.rawValue, grant.scopes.joined(separator: " "),
                                 grant.accessExpiresAt?.unixMilliseconds, grant.refreshable, ms, ms])
            let id = try Int64.fetchOne(db, sql: "SELECT id FROM account WHERE network = ? AND remote_id = ?",
                                        arguments: [network.rawValue, remoteID])!
            try db.execute(sql: "UPDATE account SET sealed_credentials = ? WHERE id = ?", arguments: [try seal(id).map { Data($0) }, id])
            return Self.accountRecord(try Row.fetchOne(db, sql: "SELECT \(Self.accountColumns) FROM account a WHERE a.id = ?", arguments: [id])!)
        }
    }

    /// Accounts people can publish to or need to fix; removed ones only when asked.
    package func accounts(includeRevoked: Bool) async throws -> [AccountRecord] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Self.accountColumns) FROM account a
                \(includeRevoked ? "" : "WHERE a.status != 'revoked'") ORDER BY a.network, a.handle
                """).map(Self.accountRecord)
        }
    }

    /// Resolves `3`, `x:@runner`, `x:runner`, `@runner` or `runner` to one account that is not removed.
    package func account(reference: String) async throws -> AccountRecord {
        try await writer.read { db in try Self.resolveAccount(reference, db) }
    }

    package static func resolveAccount(_ reference: String, _ db: Database) throws -> AccountRecord {
        let rows: [Row]
        switch try AccountReference(parsing: reference) {
        case .id(let id):
            rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT \(accountColumns) FROM account a WHERE a.id = ? AND a.status != 'revoked'"), arguments: [id])
        case .handle(let handle, let network):
            rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT \(accountColumns) FROM account a
                WHERE a.handle = ? COLLATE NOCASE AND (? IS NULL OR a.network = ?) AND a.status != 'revoked'
                """), arguments: [handle, network?.rawValue, network?.rawValue])
        }
        // Nothing found: the linked handles are read (a few) for the one the person most likely meant.
        let handles = rows.isEmpty ? try Row.fetchAll(db, sql: "SELECT network, handle FROM account WHERE status != 'revoked'")
            .compactMap { row in Network(rawValue: row["network"]).map { ($0, row["handle"] as String) } } : []
        return try AccountReference.single(rows.map(accountRecord), for: reference, linked: handles)
    }

    /// The sealed credential blob of an account, or nil when it has none.
    package func sealedCredentials(accountID: Int64) async throws -> [UInt8]? {
        try await writer.read { db in
            try Data.fetchOne(db.cachedStatement(sql: "SELECT sealed_credentials FROM account WHERE id = ?"), arguments: [accountID]).map(Array.init)
        }
    }

    /// Removes an account: its sealed secrets are deleted and it can no longer be targeted; its published
    /// history stays. Refuses while unfinished posts target it, unless `cancelPending` cancels them.
    package func removeAccount(reference: String, cancelPending: Bool, now: Date) async throws -> RemovedAccount {
        try await writer.write { db in
            let account = try Self.resolveAccount(reference, db)
            let inFlight = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM delivery WHERE account_id = ? AND state = 'publishing'", arguments: [account.id])!
            try UnlinkGuard(account: account, publishingNow: inFlight, cancelPending: cancelPending).check()
            let ms = now.unixMilliseconds
            try db.execute(sql: """
                UPDATE delivery SET state = 'cancelled', updated_at = ?, last_error = 'account removed'
                WHERE account_id = ? AND state IN (\(DeliveryLifecycle.sql(DeliveryLifecycle.cancelledByUnlink)))
                """, arguments: [ms, account.id])
            try db.execute(sql: """
                UPDATE account SET status = 'revoked', sealed_credentials = NULL, status_reason = NULL, access_expires_at = NULL,
                    has_refresh_token = 0, updated_at = ? WHERE id = ?
                """, arguments: [ms, account.id])
            var removed = account
            removed.status = .revoked
            removed.pendingPosts = 0
            // Every unfinished delivery to it was just cancelled (none is publishing), one per post.
            return RemovedAccount(account: removed, cancelledPosts: account.pendingPosts)
        }
    }
}

extension SQLiteStore {
    /// Replaces an account's sealed credentials (after a refresh) in one transaction, so a rotated
    /// refresh token is on disk before anything uses it.
    package func replaceCredentials(accountID: Int64, sealed: [UInt8], grant: CredentialGrant, now: Date) async throws {
        try await writer.write { db in
            try db.execute(sql: """
                UPDATE account SET sealed_credentials = ?, access_expires_at = ?, has_refresh_token = ?, updated_at = ?
                WHERE id = ? AND status != 'revoked'
                """, arguments: [Data(sealed), grant.accessExpiresAt?.unixMilliseconds, grant.refreshable, now.unixMilliseconds, accountID])
        }
    }

    /// Holds an account's posts until a person relinks it, saying why.
    package func markNeedsRelink(accountID: Int64, reason: String, now: Date) async throws {
        try await writer.write { db in try Self.markNeedsRelink(accountID: accountID, reason: reason, at: now, db, signal: eventsCommitted) }
    }

    /// An active account becomes `needs_relink`, with a `needs_relink` event the first time only.
    package static func markNeedsRelink(accountID: Int64, reason: String, at now: Date, _ db: Database, signal: WakeSignal) throws {
        try db.execute(sql: "UPDATE account SET status = 'needs_relink', status_reason = ?, updated_at = ? WHERE id = ? AND status = 'active'",
                       arguments: [reason, now.unixMilliseconds, accountID])
        guard db.changesCount > 0 else { return }
        let account = try accountName(id: accountID, db)
        try insertEvent(DeliveryEvents.needsRelink(account: account, reason: reason, at: now), db, signal: signal)
    }

    /// How many accounts (revoked ones included) hold credentials sealed under the current key: while any do,
    /// a missing key is restored, never replaced.
    package func sealedCredentialCount() async throws -> Int {
        try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account WHERE sealed_credentials IS NOT NULL") ?? 0 }
    }

    /// Every stored sealed blob, to check at start that the key still opens them.
    package func sealedBlobs() async throws -> [(accountID: Int64, sealed: [UInt8])] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT id, sealed_credentials FROM account WHERE sealed_credentials IS NOT NULL AND status != 'revoked'")
                .map { (accountID: $0["id"], sealed: Array($0["sealed_credentials"] as Data)) }
        }
    }
}

extension SQLiteStore {
    /// One daemon per file: the credential provider's own single flight is the lock; the renewal is stored at once.
    package func renewingCredentials<T: Sendable>(accountID: Int64, now: Date,
                                                 _ renew: @Sendable ([UInt8]?) async throws -> (replacement: RenewedCredentials?, result: T)) async throws -> T {
        let (replacement, result) = try await renew(try await sealedCredentials(accountID: accountID))
        if let replacement { try await replaceCredentials(accountID: accountID, sealed: replacement.sealed, grant: replacement.grant, now: now) }
        return result
    }
}
