import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore: AccountStore {
    package static let accountColumns = """
        a.id, a.network, a.handle, a.display_name, a.remote_id, a.auth_kind, a.status, a.created_at,
        a.access_expires_at, a.has_refresh_token, a.status_reason, a.permission_refusals, a.permission_refusal, a.permission_refused_since,
        a.network_limits,
        (SELECT COALESCE(sum(c.n), 0)::bigint FROM delivery_count c WHERE c.account_id = a.id
            AND c.state IN (\(DeliveryLifecycle.sql(DeliveryLifecycle.unfinished)))) AS pending_posts,
        CASE WHEN a.access_expires_at IS NULL THEN 0 ELSE
            (SELECT count(*) FROM delivery d WHERE d.account_id = a.id AND d.state IN ('scheduled', 'retrying')
             AND d.next_attempt_at >= a.access_expires_at) END AS posts_after_expiry
        """

    package static func accountRecord(_ row: PostgresStoreRow) throws -> AccountRecord {
        AccountRecord(
            id: try row["id"], network: Network(rawValue: try row["network"]) ?? .x, handle: try row["handle"],
            displayName: try row["display_name"], remoteId: try row["remote_id"],
            authKind: AuthKind(rawValue: try row["auth_kind"]) ?? .none,
            status: AccountStatus(rawValue: try row["status"]) ?? .active,
            createdAt: Date(unixMilliseconds: try row["created_at"]), pendingPosts: Int(try row["pending_posts"] as Int64),
            accessExpiresAt: (try row["access_expires_at"] as Int64?).map(Date.init(unixMilliseconds:)),
            refreshable: try row["has_refresh_token"], postsAfterExpiry: Int(try row["posts_after_expiry"] as Int64),
            statusReason: try row["status_reason"],
            permissionRefusal: .stored(count: Int(try row["permission_refusals"] as Int32), reason: try row["permission_refusal"],
                                       since: try row["permission_refused_since"]),
            instanceLimits: MastodonInstanceLimits(json: try row["network_limits"]))
    }

    /// Adds the account, or re-activates it with new credentials when the same remote account is imported again.
    /// `seal` receives the row id, so the sealed blob is bound to its row; `replacing` as ``AccountStore`` says. A
    /// re-activated account's waiting posts become due again: every daemon hears of it.
    package func upsertAccount(network: Network, remoteID: String, handle: String, displayName: String, authKind: AuthKind,
                              grant: CredentialGrant, now: Date, replacing: Int64?,
                              seal: @escaping @Sendable (Int64) throws -> [UInt8]?) async throws -> AccountRecord {
        try await write { session in
            let ms = databaseMilliseconds(now)
            if let replacing {
                try await session.execute("""
                    UPDATE account SET remote_id = \(remoteID) WHERE id = \(replacing) AND network = \(network.rawValue)
                        AND NOT EXISTS (SELECT 1 FROM account WHERE network = \(network.rawValue) AND remote_id = \(remoteID))
                    """)
            }
            let previous = try await session.value("""
                SELECT status FROM account WHERE network = \(network.rawValue) AND remote_id = \(remoteID) FOR UPDATE
                """, as: String.self)
            let id = try await session.value("""
                INSERT INTO account (network, remote_id, handle, display_name, auth_kind, status, scopes, access_expires_at,
                                     has_refresh_token, created_at, updated_at)
                VALUES (\(network.rawValue), \(remoteID), \(handle), \(displayName), \(authKind.rawValue), 'active',
                        \(grant.scopes.joined(separator: " ")), \(grant.accessExpiresAt.map(databaseMilliseconds)), \(grant.refreshable),
                        \(ms), \(ms))
                ON CONFLICT (network, remote_id) DO UPDATE SET handle = excluded.handle,
                    display_name = excluded.display_name, auth_kind = excluded.auth_kind, status = 'active', status_reason = NULL,
                    scopes = excluded.scopes, access_expires_at = excluded.access_expires_at,
                    has_refresh_token = excluded.has_refresh_token, updated_at = excluded.updated_at,
                    permission_refusals = 0, permission_refusal = NULL, permission_refused_since = NULL
                RETURNING id
                """, as: Int64.self)!
            let sealed = try seal(id).map { ByteBuffer(bytes: $0) }
            try await session.execute("UPDATE account SET sealed_credentials = \(sealed) WHERE id = \(id)")
            if let previous, previous != AccountStatus.active.rawValue { try await session.notifyDueTimesChanged() }
            return try Self.accountRecord(try await session.row("SELECT \(unescaped: Self.accountColumns) FROM account a WHERE a.id = \(id)")!)
        }
    }

    /// Accounts people can publish to or need to fix; removed ones only when asked.
    package func accounts(includeRevoked: Bool) async throws -> [AccountRecord] {
        try await read { session in
            try await session.rows("""
                SELECT \(unescaped: Self.accountColumns) FROM account a
                \(unescaped: includeRevoked ? "" : "WHERE a.status != 'revoked'") ORDER BY a.network, a.handle COLLATE "C"
                """).map(Self.accountRecord)
        }
    }

    /// Resolves `3`, `x:@runner`, `x:runner`, `@runner` or `runner` to one account that is not removed.
    package func account(reference: String) async throws -> AccountRecord {
        try await read { session in try await Self.resolveAccount(reference, session) }
    }

    package static func resolveAccount(_ reference: String, _ session: PostgresSession) async throws -> AccountRecord {
        let rows: [PostgresStoreRow]
        switch try AccountReference(parsing: reference) {
        case .id(let id):
            rows = try await session.rows("""
                SELECT \(unescaped: accountColumns) FROM account a WHERE a.id = \(id) AND a.status != 'revoked'
                """)
        case .handle(let handle, let network):
            let name = network?.rawValue
            rows = try await session.rows("""
                SELECT \(unescaped: accountColumns) FROM account a
                WHERE lower(a.handle) = lower(\(handle)) AND (\(name)::text IS NULL OR a.network = \(name)) AND a.status != 'revoked'
                ORDER BY a.network
                """)
        }
        // Nothing found: the linked handles are read (a few) for the one the person most likely meant.
        var handles: [(Network, String)] = []
        if rows.isEmpty {
            for row in try await session.rows("SELECT network, handle FROM account WHERE status != 'revoked'") {
                if let network = Network(rawValue: try row["network"]) { handles.append((network, try row["handle"])) }
            }
        }
        return try AccountReference.single(try rows.map(accountRecord), for: reference, linked: handles)
    }

    /// The sealed credential blob of an account, or nil when it has none.
    package func sealedCredentials(accountID: Int64) async throws -> [UInt8]? {
        try await read { session in
            try await session.value("SELECT sealed_credentials FROM account WHERE id = \(accountID)", as: ByteBuffer.self)
                .map { Array($0.readableBytesView) }
        }
    }

    /// Removes an account: its sealed secrets are deleted and it can no longer be targeted; its published
    /// history stays. Refuses while unfinished posts target it, unless `cancelPending` cancels them.
    package func removeAccount(reference: String, cancelPending: Bool, now: Date) async throws -> RemovedAccount {
        try await write { session in
            let resolved = try await Self.resolveAccount(reference, session)
            // Another daemon may be claiming its deliveries or adding posts for it. Its unfinished deliveries are locked
            // (claims skip them), then its row (a new delivery waits for it), then the deliveries added meanwhile:
            // deliveries before the account, in the order the engine's changes take them, so the two never deadlock.
            try await Self.lockUnfinishedDeliveries(accountID: resolved.id, session)
            try await session.execute("SELECT id FROM account WHERE id = \(resolved.id) FOR UPDATE")
            try await Self.lockUnfinishedDeliveries(accountID: resolved.id, session)
            let account = try Self.accountRecord(try await session.row("""
                SELECT \(unescaped: Self.accountColumns) FROM account a WHERE a.id = \(resolved.id)
                """)!)
            let inFlight = try await session.value("""
                SELECT count(*) FROM delivery WHERE account_id = \(account.id) AND state = 'publishing'
                """, as: Int64.self) ?? 0
            try UnlinkGuard(account: account, publishingNow: Int(inFlight), cancelPending: cancelPending).check()
            let ms = databaseMilliseconds(now)
            try await session.execute("""
                UPDATE delivery SET state = 'cancelled', updated_at = \(ms), last_error = 'account removed'
                WHERE account_id = \(account.id) AND state IN (\(unescaped: DeliveryLifecycle.sql(DeliveryLifecycle.cancelledByUnlink)))
                """)
            try await session.execute("""
                UPDATE account SET status = 'revoked', sealed_credentials = NULL, status_reason = NULL, access_expires_at = NULL,
                    has_refresh_token = false, updated_at = \(ms) WHERE id = \(account.id)
                """)
            var removed = account
            removed.status = .revoked
            removed.pendingPosts = 0
            // Every unfinished delivery to it was just cancelled (none is publishing), one per post.
            return RemovedAccount(account: removed, cancelledPosts: account.pendingPosts)
        }
    }

    /// Locks an account's unfinished deliveries until the caller's transaction ends.
    package static func lockUnfinishedDeliveries(accountID: Int64, _ session: PostgresSession) async throws {
        try await session.execute("""
            SELECT id FROM delivery WHERE account_id = \(accountID)
              AND state IN (\(unescaped: DeliveryLifecycle.sql(DeliveryLifecycle.unfinished))) FOR UPDATE
            """)
    }
}

extension PostgresStore {
    /// Replaces an account's sealed credentials (after a refresh) in one transaction, so a rotated
    /// refresh token is stored before anything uses it.
    package func replaceCredentials(accountID: Int64, sealed: [UInt8], grant: CredentialGrant, now: Date) async throws {
        try await write { session in
            try await session.execute("""
                UPDATE account SET sealed_credentials = \(ByteBuffer(bytes: sealed)),
                    access_expires_at = \(grant.accessExpiresAt.map(databaseMilliseconds)), has_refresh_token = \(grant.refreshable),
                    updated_at = \(databaseMilliseconds(now))
                WHERE id = \(accountID) AND status != 'revoked'
                """)
        }
    }

    /// Holds an account's posts until a person relinks it, saying why.
    package func markNeedsRelink(accountID: Int64, reason: String, now: Date) async throws {
        try await write { session in try await markNeedsRelink(accountID: accountID, reason: reason, at: now, session) }
    }

    /// How many accounts (revoked ones included) hold credentials sealed under the current key: while any do,
    /// a missing key is restored, never replaced.
    package func sealedCredentialCount() async throws -> Int {
        try await read { session in
            Int(try await session.value("SELECT count(*) FROM account WHERE sealed_credentials IS NOT NULL", as: Int64.self) ?? 0)
        }
    }

    /// Every stored sealed blob, to check at start that the key still opens them.
    package func sealedBlobs() async throws -> [(accountID: Int64, sealed: [UInt8])] {
        try await read { session in
            try await session.rows("""
                SELECT id, sealed_credentials FROM account WHERE sealed_credentials IS NOT NULL AND status != 'revoked' ORDER BY id
                """).map { (accountID: try $0["id"], sealed: Array((try $0["sealed_credentials"] as ByteBuffer).readableBytesView)) }
        }
    }
}

extension PostgresStore {
    /// The account's row is locked (`FOR UPDATE`) for the whole renewal, the network's answer included: a second
    /// daemon renewing the same account waits, then reads the token the first stored and uses it without renewing.
    /// The rotated refresh token commits with the lock's transaction, before the new access token is used.
    package func renewingCredentials<T: Sendable>(accountID: Int64, now: Date,
                                                 _ renew: @Sendable ([UInt8]?) async throws -> (replacement: RenewedCredentials?, result: T)) async throws -> T {
        try await write { session in
            let row = try await session.row("SELECT sealed_credentials FROM account WHERE id = \(accountID) FOR UPDATE")
            let stored = try row.flatMap { row -> [UInt8]? in (try row["sealed_credentials"] as ByteBuffer?).map { Array($0.readableBytesView) } }
            let (replacement, result) = try await renew(stored)
            if let replacement {
                try await session.execute("""
                    UPDATE account SET sealed_credentials = \(ByteBuffer(bytes: replacement.sealed)),
                        access_expires_at = \(replacement.grant.accessExpiresAt?.unixMilliseconds), has_refresh_token = \(replacement.grant.refreshable),
                        updated_at = \(databaseMilliseconds(now))
                    WHERE id = \(accountID) AND status != 'revoked'
                    """)
            }
            return result
        }
    }
}
