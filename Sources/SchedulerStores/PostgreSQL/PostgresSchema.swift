
/// The PostgreSQL schema's migrations (their order and names are in ``SchemaHistory``), never edited once released.
///
/// It holds what SQLite's migrations built, in PostgreSQL's types (instants stay integer Unix
/// milliseconds, as in SQLite, so `store copy` moves them unchanged), plus what sharing needs: which daemon
/// holds a claim and until when, the daemons themselves, and the database's clock as a function.
package enum PostgresSchema {
    /// The PostgreSQL side of ``SchemaHistory``, in order.
    package static var migrations: [SchemaHistory.PostgresMigration] { SchemaHistory.postgres }

    /// The statements of a migration: split at a `;` that ends a line, which no statement here has inside it.
    package static func statements(_ sql: String) -> [String] {
        sql.components(separatedBy: ";\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .map { $0.hasSuffix(";") ? String($0.dropLast()) : $0 }
            .filter { !$0.isEmpty && !$0.split(separator: "\n").allSatisfy { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--") } }
    }

    /// Taken with `pg_advisory_xact_lock` while migrating, so daemons starting together migrate once.
    package static let migrationLock: Int64 = 0x5343_4845_4455_4C44  // "SCHEDULD"

    /// What SQLite's v12 adds, for the same reasons: `list` reads each page from an index at its key; `status` reads the
    /// counts by state from what triggers keep. Here the counts are a ledger of changes (one row per state a statement
    /// changed, summed when read, folded now and then by ``PostgresStore/foldDeliveryCounts()``): daemons that change
    /// deliveries at once only add rows, and never wait on one another's counter rows.
    /// What SQLite's v16 adds: a post's Mastodon visibility and content warning and its language (``PostOptions``, JSON).
    package static let v12 = """
        ALTER TABLE post ADD COLUMN options TEXT;
        """

    /// What SQLite's v15 adds: Bluesky, Mastodon and Threads, and the key each delivery's part is settled by.
    package static let v11 = """
        ALTER TABLE account DROP CONSTRAINT account_network_check;
        ALTER TABLE account ADD CONSTRAINT account_network_check
            CHECK (network IN ('x', 'facebook', 'linkedin', 'instagram', 'bluesky', 'mastodon', 'threads'));
        ALTER TABLE account DROP CONSTRAINT account_auth_kind_check;
        ALTER TABLE account ADD CONSTRAINT account_auth_kind_check CHECK (auth_kind IN ('oauth1', 'oauth2', 'app_password', 'none'));
        ALTER TABLE network_pause DROP CONSTRAINT network_pause_network_check;
        ALTER TABLE network_pause ADD CONSTRAINT network_pause_network_check
            CHECK (network IN ('x', 'facebook', 'linkedin', 'instagram', 'bluesky', 'mastodon', 'threads'));
        CREATE TABLE publish_key (
            delivery_id BIGINT NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
            part INTEGER NOT NULL CHECK (part >= 1),
            key TEXT NOT NULL,
            stored_at BIGINT NOT NULL,
            PRIMARY KEY (delivery_id, part)
        );
        ALTER TABLE account ADD COLUMN network_limits TEXT;
        CREATE TABLE instance_app (
            network TEXT NOT NULL,
            instance TEXT NOT NULL,
            redirect_uri TEXT NOT NULL,
            client_id TEXT NOT NULL,
            sealed_secret BYTEA NOT NULL,
            created_at BIGINT NOT NULL,
            PRIMARY KEY (network, instance, redirect_uri)
        );
        """

    /// What SQLite's v14 adds: an account's run of deliveries refused for a permission its token lacks, on its own row.
    package static let v10 = """
        ALTER TABLE account ADD COLUMN permission_refusals INTEGER NOT NULL DEFAULT 0 CHECK (permission_refusals >= 0);
        ALTER TABLE account ADD COLUMN permission_refusal TEXT;
        ALTER TABLE account ADD COLUMN permission_refused_since BIGINT;
        """

    /// The media sweep asks which files posts still name, and which unnamed blobs are older than its grace period.
    package static let v9 = """
        CREATE INDEX post_media_by_file ON post_media (sha256);
        CREATE INDEX media_blob_by_age ON media_blob (created_at);
        """

    package static let v8 = """
        -- The post's due time on each of its deliveries, so that one index gives a filter's posts in the listing's order.
        ALTER TABLE delivery ADD COLUMN post_due_at BIGINT;
        UPDATE delivery d SET post_due_at = p.due_at FROM post p WHERE p.id = d.post_id;
        ALTER TABLE delivery ALTER COLUMN post_due_at SET NOT NULL;
        CREATE FUNCTION schedulerd_delivery_post_due_at() RETURNS trigger LANGUAGE plpgsql
            AS $$ BEGIN SELECT due_at INTO NEW.post_due_at FROM post WHERE id = NEW.post_id; RETURN NEW; END $$;
        CREATE TRIGGER delivery_takes_its_post_due_at BEFORE INSERT ON delivery FOR EACH ROW WHEN (NEW.post_due_at IS NULL)
            EXECUTE FUNCTION schedulerd_delivery_post_due_at();
        CREATE FUNCTION schedulerd_post_due_at_to_deliveries() RETURNS trigger LANGUAGE plpgsql
            AS $$ BEGIN UPDATE delivery SET post_due_at = NEW.due_at WHERE post_id = NEW.id AND post_due_at <> NEW.due_at; RETURN NULL; END $$;
        CREATE TRIGGER post_due_at_to_its_deliveries AFTER UPDATE OF due_at ON post FOR EACH ROW WHEN (OLD.due_at IS DISTINCT FROM NEW.due_at)
            EXECUTE FUNCTION schedulerd_post_due_at_to_deliveries();
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
        -- How many deliveries each account has in each state: the sum of n by account and state, a row added for each
        -- account and state a statement changed.
        CREATE TABLE delivery_count (
            id BIGSERIAL PRIMARY KEY,
            account_id BIGINT NOT NULL,
            state TEXT NOT NULL,
            n BIGINT NOT NULL
        );
        CREATE INDEX delivery_count_by_account ON delivery_count (account_id);
        INSERT INTO delivery_count (account_id, state, n) SELECT account_id, state, count(*) FROM delivery GROUP BY account_id, state;
        CREATE FUNCTION schedulerd_count_inserted() RETURNS trigger LANGUAGE plpgsql
            AS $$ BEGIN INSERT INTO delivery_count (account_id, state, n) SELECT account_id, state, count(*) FROM new_rows GROUP BY account_id, state; RETURN NULL; END $$;
        CREATE TRIGGER delivery_counted_on_insert AFTER INSERT ON delivery REFERENCING NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION schedulerd_count_inserted();
        CREATE FUNCTION schedulerd_count_changed() RETURNS trigger LANGUAGE plpgsql
            AS $$ BEGIN INSERT INTO delivery_count (account_id, state, n) SELECT account_id, state, sum(n) FROM (SELECT o.account_id, o.state, -1 AS n FROM old_rows o JOIN new_rows w ON w.id = o.id WHERE w.state <> o.state OR w.account_id <> o.account_id UNION ALL SELECT w.account_id, w.state, 1 FROM old_rows o JOIN new_rows w ON w.id = o.id WHERE w.state <> o.state OR w.account_id <> o.account_id) AS changed GROUP BY account_id, state HAVING sum(n) <> 0; RETURN NULL; END $$;
        CREATE TRIGGER delivery_counted_on_update AFTER UPDATE ON delivery REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION schedulerd_count_changed();
        CREATE FUNCTION schedulerd_count_deleted() RETURNS trigger LANGUAGE plpgsql
            AS $$ BEGIN INSERT INTO delivery_count (account_id, state, n) SELECT account_id, state, -count(*) FROM old_rows GROUP BY account_id, state; RETURN NULL; END $$;
        CREATE TRIGGER delivery_counted_on_delete AFTER DELETE ON delivery REFERENCING OLD TABLE AS old_rows
            FOR EACH STATEMENT EXECUTE FUNCTION schedulerd_count_deleted();
        """

    package static let v7 = """
        -- An X thread's parts after the first (which is post.text with the media of part 1), in order.
        CREATE TABLE post_part (
            post_id BIGINT NOT NULL REFERENCES post (id) ON DELETE CASCADE,
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
            delivery_id BIGINT NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
            part INTEGER NOT NULL CHECK (part >= 1),
            remote_id TEXT NOT NULL,
            remote_url TEXT,
            published_at BIGINT NOT NULL,
            PRIMARY KEY (delivery_id, part)
        );
        ALTER TABLE attempt ADD COLUMN part INTEGER;
        """

    package static let v6 = """
        -- A repeating post: each occurrence is a post of its own (post.series_id, series_index from 1), created a few
        -- weeks ahead from `rule` (RFC 5545), the first occurrence's wall-clock time in `zone`, and the text templates;
        -- accounts and media are copied from the first occurrence (template_post_id).
        CREATE TABLE series (
            id BIGSERIAL PRIMARY KEY,
            rule TEXT NOT NULL,
            first_local TEXT NOT NULL,
            zone TEXT NOT NULL,
            text TEXT NOT NULL,
            overrides TEXT,
            template_post_id BIGINT NOT NULL,
            created_through INTEGER NOT NULL,
            last_due_at BIGINT NOT NULL,
            ended BOOLEAN NOT NULL DEFAULT false,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        );
        CREATE INDEX series_open ON series (last_due_at) WHERE NOT ended;
        ALTER TABLE post ADD COLUMN series_id BIGINT REFERENCES series (id);
        ALTER TABLE post ADD COLUMN series_index INTEGER;
        CREATE UNIQUE INDEX post_by_series ON post (series_id, series_index) WHERE series_id IS NOT NULL;
        """

    package static let v5 = """
        -- Times of the week an account posts at, read as wall-clock times in `zone` (one zone per account).
        CREATE TABLE posting_slot (
            account_id BIGINT NOT NULL REFERENCES account (id) ON DELETE CASCADE,
            weekday INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
            minute INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 1439),
            zone TEXT NOT NULL,
            PRIMARY KEY (account_id, weekday, minute)
        );
        -- A post placed in a slot (--next-slot): moved when its slot goes, and no two share a slot of one account.
        ALTER TABLE post ADD COLUMN queued BOOLEAN NOT NULL DEFAULT false;
        CREATE INDEX post_queued ON post (due_at) WHERE queued;
        """

    package static let v4 = """
        -- A draft's deliveries wait in 'draft' (never due: not in delivery_due) until it is given a time; its post's
        -- due_at is 0 until then.
        ALTER TABLE delivery DROP CONSTRAINT delivery_state_check;
        ALTER TABLE delivery ADD CONSTRAINT delivery_state_check CHECK (state IN ('draft', 'scheduled', 'publishing', 'retrying',
            'published', 'failed', 'unknown', 'handed_off', 'expired', 'missed', 'cancelled'));
        """

    package static let v3 = """
        -- Attached files by SHA-256, so a daemon on another machine can publish a post whose media it never received.
        CREATE TABLE media_blob (
            sha256 TEXT PRIMARY KEY,
            content BYTEA NOT NULL,
            created_at BIGINT NOT NULL
        );
        """

    package static let v2 = """
        -- One token bucket per budget ('account:ID', 'network:x'), shared by every daemon: each reserve locks its rows.
        CREATE TABLE budget_bucket (
            key TEXT PRIMARY KEY,
            tokens DOUBLE PRECISION NOT NULL,
            updated_at BIGINT NOT NULL,
            blocked_until BIGINT
        );
        """

    package static let v1 = """
        CREATE FUNCTION schedulerd_now_ms() RETURNS bigint LANGUAGE sql VOLATILE
            AS $$ SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint $$;
        CREATE TABLE account (
            id BIGSERIAL PRIMARY KEY,
            network TEXT NOT NULL CHECK (network IN ('x', 'facebook', 'linkedin', 'instagram')),
            remote_id TEXT NOT NULL,
            handle TEXT NOT NULL,
            display_name TEXT NOT NULL DEFAULT '',
            auth_kind TEXT NOT NULL CHECK (auth_kind IN ('oauth1', 'oauth2', 'none')),
            sealed_credentials BYTEA,
            scopes TEXT NOT NULL DEFAULT '',
            access_expires_at BIGINT,
            refresh_expires_at BIGINT,
            status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'needs_relink', 'revoked')),
            status_reason TEXT,
            has_refresh_token BOOLEAN NOT NULL DEFAULT false,
            paused BOOLEAN NOT NULL DEFAULT false,
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            UNIQUE (network, remote_id)
        );
        CREATE INDEX account_by_handle ON account (lower(handle));
        CREATE TABLE post (
            id BIGSERIAL PRIMARY KEY,
            text TEXT NOT NULL,
            due_at BIGINT NOT NULL,
            due_zone TEXT NOT NULL,
            due_local TEXT NOT NULL,
            lateness_limit_s INTEGER NOT NULL CHECK (lateness_limit_s >= 0),
            source TEXT NOT NULL DEFAULT 'typed',
            created_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL
        );
        CREATE INDEX post_by_due ON post (due_at DESC, id DESC);
        CREATE TABLE post_media (
            post_id BIGINT NOT NULL REFERENCES post (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('image', 'gif', 'video')),
            content_type TEXT NOT NULL,
            size BIGINT NOT NULL CHECK (size > 0),
            width INTEGER,
            height INTEGER,
            alt TEXT,
            path TEXT NOT NULL,
            PRIMARY KEY (post_id, position)
        );
        CREATE TABLE delivery (
            id BIGSERIAL PRIMARY KEY,
            post_id BIGINT NOT NULL REFERENCES post (id) ON DELETE CASCADE,
            account_id BIGINT NOT NULL REFERENCES account (id) ON DELETE RESTRICT,
            text_override TEXT,
            state TEXT NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'publishing', 'retrying',
                'published', 'failed', 'unknown', 'handed_off', 'expired', 'missed', 'cancelled')),
            next_attempt_at BIGINT NOT NULL,
            claimed_at BIGINT,
            -- The daemon (daemon.id) whose claim this is, and until when (database clock) unless it renews it.
            claimed_by TEXT,
            lease_until BIGINT,
            attempt_count INTEGER NOT NULL DEFAULT 0,
            remote_id TEXT,
            remote_url TEXT,
            published_at BIGINT,
            last_error TEXT,
            updated_at BIGINT NOT NULL,
            handoff_path TEXT,
            handoff_reminded BOOLEAN NOT NULL DEFAULT false,
            handoff_expires_at BIGINT,
            needs_check BOOLEAN NOT NULL DEFAULT false,
            first_claimed_at BIGINT,
            throttled_until BIGINT,
            retry_requested_at BIGINT,
            UNIQUE (post_id, account_id)
        );
        -- What is due next: only waiting deliveries, ordered by time.
        CREATE INDEX delivery_due ON delivery (next_attempt_at) WHERE state IN ('scheduled', 'retrying');
        CREATE INDEX delivery_by_state ON delivery (state, post_id);
        CREATE INDEX delivery_by_account ON delivery (account_id, state);
        CREATE INDEX delivery_handoff_due ON delivery (next_attempt_at) WHERE state = 'handed_off';
        -- Claims in flight, by holder (renewal, a restart's recovery) and by lease (takeover).
        CREATE INDEX delivery_claims ON delivery (claimed_by) WHERE state = 'publishing';
        CREATE INDEX delivery_leases ON delivery (lease_until) WHERE state = 'publishing';
        CREATE TABLE attempt (
            id BIGSERIAL PRIMARY KEY,
            delivery_id BIGINT NOT NULL REFERENCES delivery (id) ON DELETE CASCADE,
            started_at BIGINT NOT NULL,
            finished_at BIGINT NOT NULL,
            http_status INTEGER,
            outcome TEXT NOT NULL,
            error_class TEXT,
            excerpt TEXT
        );
        CREATE INDEX attempt_by_delivery ON attempt (delivery_id, started_at);
        CREATE INDEX attempt_by_time ON attempt (started_at);
        CREATE TABLE setting (name TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE event (
            id BIGSERIAL PRIMARY KEY,
            at BIGINT NOT NULL,
            kind TEXT NOT NULL,
            post_id BIGINT,
            delivery_id BIGINT,
            payload TEXT NOT NULL,
            notified BOOLEAN NOT NULL DEFAULT false,
            hook_attempts INTEGER NOT NULL DEFAULT 0,
            hook_next_at BIGINT,
            hook_last_error TEXT,
            hooks_accepted INTEGER NOT NULL DEFAULT 0,
            hook_given_up BOOLEAN NOT NULL DEFAULT false
        );
        CREATE INDEX event_unnotified ON event (id) WHERE NOT notified;
        CREATE INDEX event_by_time ON event (at);
        CREATE INDEX event_hook_given_up ON event (id) WHERE hook_given_up;
        CREATE TABLE network_pause (
            network TEXT PRIMARY KEY CHECK (network IN ('x', 'facebook', 'linkedin', 'instagram')),
            cause TEXT NOT NULL CHECK (cause IN ('refused', 'person')),
            reason TEXT NOT NULL,
            remedy TEXT,
            since BIGINT NOT NULL
        );
        -- Every daemon that shares this database: it renews lease_until while it runs.
        CREATE TABLE daemon (
            id TEXT PRIMARY KEY,
            host TEXT NOT NULL,
            state_dir TEXT NOT NULL,
            pid INTEGER NOT NULL,
            version TEXT NOT NULL,
            socket TEXT NOT NULL,
            started_at BIGINT NOT NULL,
            heartbeat_at BIGINT NOT NULL,
            lease_until BIGINT NOT NULL,
            stopped_at BIGINT
        );
        CREATE INDEX daemon_by_place ON daemon (host, state_dir);
        """
}
