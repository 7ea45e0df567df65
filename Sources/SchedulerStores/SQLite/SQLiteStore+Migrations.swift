import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// The SQLite side of ``SchemaHistory``, as GRDB applies it: each step once, in order, recorded by its name.
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in SchemaHistory.sqlite { migrator.registerMigration(migration.id, migrate: migration.apply) }
        return migrator
    }

    package static func migrateV1(_ db: Database) throws { try db.execute(sql: firstSchema) }

    /// The first release's tables: accounts, posts, deliveries and attempts.
    package static let firstSchema = """
        CREATE TABLE account (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            network TEXT NOT NULL CHECK (network IN ('x', 'facebook', 'linkedin', 'instagram')),
            remote_id TEXT NOT NULL,
            handle TEXT NOT NULL,
            display_name TEXT NOT NULL DEFAULT '',
            auth_kind TEXT NOT NULL CHECK (auth_kind IN ('oauth1', 'oauth2', 'none')),
            sealed_credentials BLOB,
            scopes TEXT NOT NULL DEFAULT '',
            access_expires_at INTEGER,
            refresh_expires_at INTEGER,
            status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'needs_relink', 'revoked')),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            UNIQUE (network, remote_id)
        );
        CREATE TABLE post (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            text TEXT NOT NULL,
            due_at INTEGER NOT NULL,
            due_zone TEXT NOT NULL,
            due_local TEXT NOT NULL,
            lateness_limit_s INTEGER NOT NULL CHECK (lateness_limit_s >= 0),
            source TEXT NOT NULL DEFAULT 'typed',
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
        );
        CREATE INDEX post_by_due ON post (due_at DESC, id DESC);
        CREATE TABLE delivery (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            post_id INTEGER NOT NULL REFERENCES post (id) ON DELETE CASCADE,
            account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE RESTRICT,
            text_override TEXT,
            state TEXT NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'publishing', 'retrying',
                'published', 'failed', 'unknown', 'handed_off', 'expired', 'missed', 'cancelled')),
            next_attempt_at INTEGER NOT NULL,
            claimed_at INTEGER,
            attempt_count INTEGER NOT NULL DEFAULT 0,
            remote_id TEXT,
            remote_url TEXT,
            published_at INTEGER,
            last_error TEXT,
            updated_at INTEGER NOT NULL,
            UNIQUE (post_id, account_id)
        );
        -- What is due next: only waiting deliveries are in this index, ordered by time.
        CREATE INDEX delivery_due ON delivery (next_attempt_at) WHERE state IN ('scheduled', 'retrying');
        CREATE INDEX delivery_by_state ON delivery (state, post_id);
        CREATE INDEX delivery_by_account ON delivery (account_id, state);
        CREATE TABLE attempt (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            delivery_id INTEGER NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
            started_at INTEGER NOT NULL,
            finished_at INTEGER NOT NULL,
            http_status INTEGER,
            outcome TEXT NOT NULL,
            error_class TEXT,
            excerpt TEXT
        );
        CREATE INDEX attempt_by_delivery ON attempt (delivery_id, started_at);
        """

    package static func migrateV2(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE account ADD COLUMN status_reason TEXT")
        try db.execute(sql: "ALTER TABLE account ADD COLUMN has_refresh_token INTEGER NOT NULL DEFAULT 0")
    }

    package static func migrateV3(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE post_media (
                post_id INTEGER NOT NULL REFERENCES post (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                sha256 TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('image', 'gif', 'video')),
                content_type TEXT NOT NULL,
                size INTEGER NOT NULL CHECK (size > 0),
                width INTEGER,
                height INTEGER,
                alt TEXT,
                path TEXT NOT NULL,
                PRIMARY KEY (post_id, position)
            );
            """)
    }

    package static func migrateV4(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE delivery ADD COLUMN handoff_path TEXT;
            ALTER TABLE delivery ADD COLUMN handoff_reminded INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE delivery ADD COLUMN handoff_expires_at INTEGER;
            -- Reminders and expiries of handed-off deliveries are due times too.
            CREATE INDEX delivery_handoff_due ON delivery (next_attempt_at) WHERE state = 'handed_off';
            """)
    }

    package static func migrateV5(_ db: Database) throws {
        try db.execute(sql: """
            -- The outcome of the last request is unknown: look on the network before sending again.
            ALTER TABLE delivery ADD COLUMN needs_check INTEGER NOT NULL DEFAULT 0;
            -- When the first request could have gone out: the start of the look-up window.
            ALTER TABLE delivery ADD COLUMN first_claimed_at INTEGER;
            -- Held back by a rate-limit budget until then (for status).
            ALTER TABLE delivery ADD COLUMN throttled_until INTEGER;
            -- A person asked for another try: the lateness limit counts from then.
            ALTER TABLE delivery ADD COLUMN retry_requested_at INTEGER;
            ALTER TABLE account ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE setting (name TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE event (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                at INTEGER NOT NULL,
                kind TEXT NOT NULL,
                post_id INTEGER,
                delivery_id INTEGER,
                -- The event as the hooks receive it (JSON of EventRecord).
                payload TEXT NOT NULL,
                notified INTEGER NOT NULL DEFAULT 0
            );
            -- Events the hooks have not heard about yet (after a crash, they still will).
            CREATE INDEX event_unnotified ON event (id) WHERE notified = 0;
            CREATE INDEX event_by_time ON event (at);
            -- Seeds the rate-limit budgets at start from what was sent recently.
            CREATE INDEX attempt_by_time ON attempt (started_at);
            """)
    }

    package static func migrateV6(_ db: Database) throws {
        try db.execute(sql: """
            -- Publishing to a whole network stops: the network refuses this app (a retired API version, no
            -- credits left; cause 'refused', lifted at the next start or by `resume`), or a person paused it
            -- (cause 'person', lifted only by `resume`).
            CREATE TABLE network_pause (
                network TEXT PRIMARY KEY CHECK (network IN ('x', 'facebook', 'linkedin', 'instagram')),
                cause TEXT NOT NULL CHECK (cause IN ('refused', 'person')),
                reason TEXT NOT NULL,
                remedy TEXT,
                since INTEGER NOT NULL
            );
            """)
    }

    package static func migrateV7(_ db: Database) throws {
        try db.execute(sql: """
            -- A hook that failed is tried again with backoff; `notified` is set only once every configured hook
            -- accepted the event (or it was given up), so the partial index event_unnotified still lists what is
            -- left to send, in order.
            ALTER TABLE event ADD COLUMN hook_attempts INTEGER NOT NULL DEFAULT 0;
            -- Not before then (ms since 1970); null: at once.
            ALTER TABLE event ADD COLUMN hook_next_at INTEGER;
            -- The last failure, free of secrets (no webhook URL), for status.
            ALTER TABLE event ADD COLUMN hook_last_error TEXT;
            -- Hooks that already accepted it (1: command, 2: webhook), so a retry goes only to the others.
            ALTER TABLE event ADD COLUMN hooks_accepted INTEGER NOT NULL DEFAULT 0;
            -- No hook heard about it within a day of the event: given up, counted in status.
            ALTER TABLE event ADD COLUMN hook_given_up INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX event_hook_given_up ON event (id) WHERE hook_given_up = 1;
            """)
    }

    package static func migrateV8(_ db: Database) throws {
        try allowDeliveryState(.draft, db)
    }

    package static func migrateV9(_ db: Database) throws {
        try db.execute(sql: """
            -- Times of the week an account posts at, read as wall-clock times in `zone` (one zone per account).
            CREATE TABLE posting_slot (
                account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                weekday INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
                minute INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 1439),
                zone TEXT NOT NULL,
                PRIMARY KEY (account_id, weekday, minute)
            );
            -- A post placed in a slot (--next-slot): moved when its slot goes, and no two share a slot of one account.
            ALTER TABLE post ADD COLUMN queued INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX post_queued ON post (due_at) WHERE queued = 1;
            """)
    }

    package static func migrateV10(_ db: Database) throws {
        try db.execute(sql: """
            -- A repeating post: each occurrence is a post of its own (post.series_id, series_index from 1), created a
            -- few weeks ahead from `rule` (RFC 5545), the first occurrence's wall-clock time in `zone`, and the text
            -- templates; accounts and media are copied from the first occurrence (template_post_id).
            CREATE TABLE series (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                rule TEXT NOT NULL,
                first_local TEXT NOT NULL,
                zone TEXT NOT NULL,
                text TEXT NOT NULL,
                overrides TEXT,
                template_post_id INTEGER NOT NULL,
                created_through INTEGER NOT NULL,
                last_due_at INTEGER NOT NULL,
                ended INTEGER NOT NULL DEFAULT 0,
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL
            );
            CREATE INDEX series_open ON series (last_due_at) WHERE ended = 0;
            ALTER TABLE post ADD COLUMN series_id INTEGER REFERENCES series (id);
            ALTER TABLE post ADD COLUMN series_index INTEGER;
            CREATE UNIQUE INDEX post_by_series ON post (series_id, series_index) WHERE series_id IS NOT NULL;
            """)
    }

    package static func migrateV11(_ db: Database) throws {
        try db.execute(sql: SQLiteStore.partsSchema)
    }

    package static func migrateV12(_ db: Database) throws {
        try db.execute(sql: SQLiteStore.scaleSchema)
    }

    package static func migrateV13(_ db: Database) throws {
        // The media sweep asks which files posts still name.
        try db.execute(sql: "CREATE INDEX post_media_by_file ON post_media (sha256)")
    }

    package static func migrateV14(_ db: Database) throws {
        try db.execute(sql: SQLiteStore.permissionRefusalSchema)
    }

    /// An account whose deliveries the network refuses for a permission its token lacks: how many in a row (since its
    /// last publish, link or import), the last refusal in the network's words, and when the run began. Kept on the
    /// account row, so `status` and `doctor` read it with the account and never look through deliveries or attempts.
    package static let permissionRefusalSchema = """
        ALTER TABLE account ADD COLUMN permission_refusals INTEGER NOT NULL DEFAULT 0 CHECK (permission_refusals >= 0);
        ALTER TABLE account ADD COLUMN permission_refusal TEXT;
        ALTER TABLE account ADD COLUMN permission_refused_since INTEGER;
        """

    /// What a million deliveries need to stay quick: `list` reads each page from an index at its key (the post's due
    /// time, then its id), whatever the filter; `status` reads the counts by state from a table that triggers keep, and
    /// the throttled deliveries from their own index.
    ///
    /// The triggers belong to the delivery table: a later migration that builds it again (as v8 did) must create them
    /// again.
    package static let scaleSchema = """
        -- The post's due time on each of its deliveries, so that one index gives a filter's posts in the listing's order.
        -- Kept equal to post.due_at by the two triggers below; a delivery inserted without it gets it from its post.
        ALTER TABLE delivery ADD COLUMN post_due_at INTEGER;
        UPDATE delivery SET post_due_at = (SELECT p.due_at FROM post p WHERE p.id = delivery.post_id);
        CREATE TRIGGER delivery_takes_its_post_due_at AFTER INSERT ON delivery WHEN NEW.post_due_at IS NULL BEGIN
            UPDATE delivery SET post_due_at = (SELECT due_at FROM post WHERE id = NEW.post_id) WHERE id = NEW.id;
        END;
        CREATE TRIGGER post_due_at_to_its_deliveries AFTER UPDATE OF due_at ON post BEGIN
            UPDATE delivery SET post_due_at = NEW.due_at WHERE post_id = NEW.id AND post_due_at IS NOT NEW.due_at;
        END;
        -- A page of one state (and of one account), newest due time first, from the page's key on: read backwards, since
        -- posts mostly come with later times than those before them, and an index that grows at its end keeps its pages full.
        DROP INDEX delivery_by_state;
        CREATE INDEX delivery_by_state ON delivery (state, post_due_at, post_id);
        DROP INDEX delivery_by_account;
        CREATE INDEX delivery_by_account ON delivery (account_id, state, post_due_at, post_id);
        -- The next due delivery of each account, for status's next due post when accounts are paused.
        CREATE INDEX delivery_due_by_account ON delivery (account_id, next_attempt_at) WHERE state IN ('scheduled', 'retrying');
        -- Deliveries a rate-limit budget holds back, for status.
        CREATE INDEX delivery_throttled ON delivery (throttled_until) WHERE state IN ('scheduled', 'retrying') AND throttled_until IS NOT NULL;
        -- How many deliveries each account has in each state (status sums them by state; an account's view reads its own),
        -- kept as deliveries are inserted, change state and are deleted.
        CREATE TABLE delivery_count (
            account_id INTEGER NOT NULL,
            state TEXT NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (account_id, state)
        );
        INSERT INTO delivery_count (account_id, state, n) SELECT account_id, state, COUNT(*) FROM delivery GROUP BY account_id, state;
        CREATE TRIGGER delivery_counted_on_insert AFTER INSERT ON delivery BEGIN
            INSERT INTO delivery_count (account_id, state, n) VALUES (NEW.account_id, NEW.state, 1)
                ON CONFLICT (account_id, state) DO UPDATE SET n = n + 1;
        END;
        CREATE TRIGGER delivery_counted_on_change AFTER UPDATE OF state, account_id ON delivery
        WHEN OLD.state IS NOT NEW.state OR OLD.account_id IS NOT NEW.account_id BEGIN
            UPDATE delivery_count SET n = n - 1 WHERE account_id = OLD.account_id AND state = OLD.state;
            INSERT INTO delivery_count (account_id, state, n) VALUES (NEW.account_id, NEW.state, 1)
                ON CONFLICT (account_id, state) DO UPDATE SET n = n + 1;
        END;
        CREATE TRIGGER delivery_counted_on_delete AFTER DELETE ON delivery BEGIN
            UPDATE delivery_count SET n = n - 1 WHERE account_id = OLD.account_id AND state = OLD.state;
        END;
        """

    /// X threads, first comments and several images per part: the parts a post is made of, and each part of a
    /// delivery as it went out.
    package static let partsSchema = """
        -- An X thread's parts after the first (which is post.text with the media of part 1), in order.
        CREATE TABLE post_part (
            post_id INTEGER NOT NULL REFERENCES post (id) ON DELETE CASCADE,
            part INTEGER NOT NULL CHECK (part >= 2),
            text TEXT NOT NULL,
            PRIMARY KEY (post_id, part)
        );
        ALTER TABLE post_media ADD COLUMN part INTEGER NOT NULL DEFAULT 1 CHECK (part >= 1);
        -- The comment made under the post once it is out (on X, a reply at the thread's end).
        ALTER TABLE delivery ADD COLUMN first_comment TEXT;
        -- The requests the delivery is made of: the post, the thread's replies, the comment.
        ALTER TABLE delivery ADD COLUMN part_count INTEGER NOT NULL DEFAULT 1 CHECK (part_count >= 1);
        -- Each part of a delivery in several parts that is on the network, recorded before the next is sent.
        CREATE TABLE delivery_part (
            delivery_id INTEGER NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
            part INTEGER NOT NULL CHECK (part >= 1),
            remote_id TEXT NOT NULL,
            remote_url TEXT,
            published_at INTEGER NOT NULL,
            PRIMARY KEY (delivery_id, part)
        );
        ALTER TABLE attempt ADD COLUMN part INTEGER;
        """

    /// SQLite cannot change a CHECK constraint in place: the table is built again under its own name with `state`
    /// among the states (SQLite's documented procedure: new table, copy, drop, rename, indexes), keeping every row,
    /// id and the id sequence. GRDB turns foreign keys off for the migration and checks them all after it, so
    /// dropping the old table deletes no attempt, and `attempt`'s reference holds by name. The triggers that name the
    /// table (its counts by state, its posts' due times) are dropped first and made again last: the copy must not count
    /// twice, and renaming checks every trigger against tables that exist.
    package static func allowDeliveryState(_ state: DeliveryState, _ db: Database) throws {
        guard let table = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'delivery'") else {
            throw StoreError(.cannotOpen, "the database has no delivery table to migrate")
        }
        let states = "CHECK (state IN ("
        guard table.components(separatedBy: states).count == 2, !table.contains("'\(state.rawValue)'") else {
            throw StoreError(.cannotOpen, "the delivery table's states are not the ones this version knows")
        }
        // A table SQLite renamed before is stored as `CREATE TABLE "delivery"`; the name is the first thing after the keywords.
        guard let name = table.range(of: #"^CREATE TABLE "?delivery"?"#, options: .regularExpression) else {
            throw StoreError(.cannotOpen, "the delivery table's definition is not one this version knows")
        }
        let rebuilt = table.replacingCharacters(in: name, with: "CREATE TABLE delivery_new")
            .replacingOccurrences(of: states, with: states + "'\(state.rawValue)', ")
        let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'delivery'")
        let indexes = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'delivery' AND sql IS NOT NULL")
        let triggers = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND sql LIKE '%delivery%'")
        for trigger in triggers { try db.execute(sql: "DROP TRIGGER \(trigger["name"] as String)") }
        try db.execute(sql: rebuilt)
        try db.execute(sql: "INSERT INTO delivery_new SELECT * FROM delivery")
        try db.execute(sql: "DROP TABLE delivery")
        try db.execute(sql: "ALTER TABLE delivery_new RENAME TO delivery")
        for index in indexes { try db.execute(sql: index) }
        for trigger in triggers { try db.execute(sql: trigger["sql"] as String) }
        if let sequence {
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'delivery'", arguments: [sequence])
        }
    }
}
