import GRDB

extension SQLiteStore {
    package static func migrateV15(_ db: Database) throws {
        // SQLite cannot change a CHECK constraint in place: the two tables naming the networks are built again under
        // their own names (ALTER TABLE docs, "Making Other Kinds Of Table Schema Changes"); GRDB runs a migration with
        // foreign keys off and checks them all before it commits.
        try rebuild(db, table: "account", replacing: [(oldNetworks, newNetworks), (oldAuthKinds, newAuthKinds)])
        try rebuild(db, table: "network_pause", replacing: [(oldNetworks, newNetworks)])
        try db.execute(sql: publishKeySchema)
    }

    package static let oldNetworks = "CHECK (network IN ('x', 'facebook', 'linkedin', 'instagram'))"
    package static let newNetworks = "CHECK (network IN ('x', 'facebook', 'linkedin', 'instagram', 'bluesky', 'mastodon', 'threads'))"
    /// A Bluesky account signs in with an app password, which is no OAuth grant.
    package static let oldAuthKinds = "CHECK (auth_kind IN ('oauth1', 'oauth2', 'none'))"
    package static let newAuthKinds = "CHECK (auth_kind IN ('oauth1', 'oauth2', 'app_password', 'none'))"

    /// The key a network settles a request in doubt by, stored before the request that carries it: Bluesky's record
    /// key, Mastodon's `Idempotency-Key`, the Threads container made for the part. One per part of a delivery; it stays
    /// when the delivery is retried, so a retry is settled by the same key. `account.network_limits` holds what the
    /// account's own server allows (a Mastodon instance's `max_characters`), read when it is linked and each day.
    /// `instance_app` keeps the app schedulerd registered on each Mastodon instance (`POST /api/v1/apps`), once per
    /// instance and redirect address (an instance accepts only a registered one): its client id, and its secret sealed
    /// with the credential key as account 0, which no account is.
    package static let publishKeySchema = """
        CREATE TABLE publish_key (
            delivery_id INTEGER NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
            part INTEGER NOT NULL CHECK (part >= 1),
            key TEXT NOT NULL,
            stored_at INTEGER NOT NULL,
            PRIMARY KEY (delivery_id, part)
        );
        ALTER TABLE account ADD COLUMN network_limits TEXT;
        CREATE TABLE instance_app (
            network TEXT NOT NULL,
            instance TEXT NOT NULL,
            redirect_uri TEXT NOT NULL,
            client_id TEXT NOT NULL,
            sealed_secret BLOB NOT NULL,
            created_at INTEGER NOT NULL,
            PRIMARY KEY (network, instance, redirect_uri)
        );
        """

    /// Builds `table` again with each `old` replaced by its `new` in its definition, keeping its rows, indexes and triggers.
    package static func rebuild(_ db: Database, table: String, replacing changes: [(old: String, new: String)]) throws {
        guard var definition = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table])
        else { throw DatabaseError(message: "there is no \(table) table") }
        for change in changes {
            guard definition.contains(change.old) else { throw DatabaseError(message: "the \(table) table's definition does not hold \(change.old)") }
            definition = definition.replacingOccurrences(of: change.old, with: change.new)
        }
        let dependents = try String.fetchAll(db, sql: """
            SELECT sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL
            """, arguments: [table])
        let rebuilt = "\(table)_rebuilt"
        let created = definition.replacingOccurrences(of: "CREATE TABLE \(table)", with: "CREATE TABLE \(rebuilt)")
        try db.execute(sql: created)
        try db.execute(sql: "INSERT INTO \(rebuilt) SELECT * FROM \(table)")
        try db.execute(sql: "DROP TABLE \(table)")
        try db.execute(sql: "ALTER TABLE \(rebuilt) RENAME TO \(table)")
        for statement in dependents { try db.execute(sql: statement) }
    }
}

extension SQLiteStore {
    /// A post's Mastodon visibility and content warning and its language (``PostOptions``, JSON; NULL for none).
    package static func migrateV16(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE post ADD COLUMN options TEXT")
    }
}
