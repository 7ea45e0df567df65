import Foundation
import GRDB
import SchedulerCore

extension Store {
    static let accountColumns = """
        a.id, a.network, a.handle, a.display_name, a.remote_id, a.auth_kind, a.status, a.created_at,
        (SELECT COUNT(*) FROM delivery d WHERE d.account_id = a.id
            AND d.state IN ('scheduled', 'publishing', 'retrying', 'unknown', 'handed_off')) AS pending_posts
        """

    static func accountView(_ row: Row) -> AccountView {
        AccountView(
            id: row["id"], network: Network(rawValue: row["network"]) ?? .x, handle: row["handle"],
            displayName: row["display_name"], remoteId: row["remote_id"],
            authKind: AuthKind(rawValue: row["auth_kind"]) ?? .none,
            status: AccountStatus(rawValue: row["status"]) ?? .active,
            createdAt: Date(unixMilliseconds: row["created_at"]), pendingPosts: row["pending_posts"])
    }

    /// Adds the account, or re-activates it with new credentials when the same remote account is imported again.
    /// `seal` receives the row id, so the sealed blob is bound to its row.
    public func upsertAccount(network: Network, remoteID: String, handle: String, displayName: String, authKind: AuthKind,
                              now: Date = Date(), seal: @escaping @Sendable (Int64) throws -> [UInt8]) async throws -> AccountView {
        try await writer.write { db in
            let ms = now.unixMilliseconds
            try db.execute(sql: """
                INSERT INTO account (network, remote_id, handle, display_name, auth_kind, status, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, 'active', ?, ?)
                ON CONFLICT (network, remote_id) DO UPDATE SET handle = excluded.handle,
                    display_name = excluded.display_name, auth_kind = excluded.auth_kind, status = 'active',
                    updated_at = excluded.updated_at
                """, arguments: [network.rawValue, remoteID, handle, displayName, authKind.rawValue, ms, ms])
            let id = try Int64.fetchOne(db, sql: "SELECT id FROM account WHERE network = ? AND remote_id = ?",
                                        arguments: [network.rawValue, remoteID])!
            try db.execute(sql: "UPDATE account SET sealed_credentials = ? WHERE id = ?", arguments: [Data(try seal(id)), id])
            return Self.accountView(try Row.fetchOne(db, sql: "SELECT \(Self.accountColumns) FROM account a WHERE a.id = ?", arguments: [id])!)
        }
    }

    /// Accounts people can publish to or need to fix; removed ones only when asked.
    public func accounts(includeRevoked: Bool = false) async throws -> [AccountView] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Self.accountColumns) FROM account a
                \(includeRevoked ? "" : "WHERE a.status != 'revoked'") ORDER BY a.network, a.handle
                """).map(Self.accountView)
        }
    }

    /// Resolves `3`, `x:@runner`, `x:runner`, `@runner` or `runner` to one account that is not removed.
    public func account(reference: String) async throws -> AccountView {
        try await writer.read { db in try Self.resolveAccount(reference, db) }
    }

    static func resolveAccount(_ reference: String, _ db: Database) throws -> AccountView {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        var network: String?
        var handle = trimmed
        if let colon = trimmed.firstIndex(of: ":") {
            network = trimmed[..<colon].lowercased()
            handle = String(trimmed[trimmed.index(after: colon)...])
            guard Network(rawValue: network!) != nil else {
                throw StoreError(.invalid, "unknown network '\(network!)' in account '\(reference)'; networks are \(Network.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        if handle.hasPrefix("@") { handle.removeFirst() }
        guard !handle.isEmpty else { throw StoreError(.invalid, "empty account reference '\(reference)'") }
        let rows: [Row]
        if network == nil, let id = Int64(handle), !trimmed.hasPrefix("@") {
            rows = try Row.fetchAll(db, sql: "SELECT \(accountColumns) FROM account a WHERE a.id = ? AND a.status != 'revoked'", arguments: [id])
        } else {
            rows = try Row.fetchAll(db, sql: """
                SELECT \(accountColumns) FROM account a
                WHERE a.handle = ? COLLATE NOCASE AND (? IS NULL OR a.network = ?) AND a.status != 'revoked'
                """, arguments: [handle, network, network])
        }
        guard !rows.isEmpty else {
            throw StoreError(.notFound, "no account '\(reference)'; `schedctl accounts list` shows the linked accounts")
        }
        guard rows.count == 1 else {
            let names = rows.map { accountView($0).reference }.joined(separator: ", ")
            throw StoreError(.invalid, "'\(reference)' matches several accounts (\(names)); name the network, e.g. \(accountView(rows[0]).reference)")
        }
        return accountView(rows[0])
    }

    /// The sealed credential blob of an account, or nil when it has none.
    public func sealedCredentials(accountID: Int64) async throws -> [UInt8]? {
        try await writer.read { db in
            try Data.fetchOne(db, sql: "SELECT sealed_credentials FROM account WHERE id = ?", arguments: [accountID]).map(Array.init)
        }
    }

    /// Removes an account: its sealed secrets are deleted and it can no longer be targeted; its published
    /// history stays. Refuses while unfinished posts target it, unless `cancelPending` cancels them.
    public func removeAccount(reference: String, cancelPending: Bool, now: Date = Date()) async throws -> AccountView {
        try await writer.write { db in
            let account = try Self.resolveAccount(reference, db)
            let inFlight = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM delivery WHERE account_id = ? AND state = 'publishing'", arguments: [account.id])!
            if inFlight > 0 {
                throw StoreError(.conflict, "\(account.reference) is publishing right now; try again in a moment")
            }
            if account.pendingPosts > 0 && !cancelPending {
                throw StoreError(.conflict, "\(account.pendingPosts) unfinished post(s) target \(account.reference); "
                    + "cancel them first or pass --cancel-pending")
            }
            let ms = now.unixMilliseconds
            try db.execute(sql: """
                UPDATE delivery SET state = 'cancelled', updated_at = ?, last_error = 'account removed'
                WHERE account_id = ? AND state IN ('scheduled', 'retrying', 'unknown', 'handed_off')
                """, arguments: [ms, account.id])
            try db.execute(sql: "UPDATE account SET status = 'revoked', sealed_credentials = NULL, updated_at = ? WHERE id = ?",
                           arguments: [ms, account.id])
            var removed = account
            removed.status = .revoked
            removed.pendingPosts = 0
            return removed
        }
    }
}
