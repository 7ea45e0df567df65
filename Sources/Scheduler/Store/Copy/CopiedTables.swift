
/// What `store copy` moves, table by table, in an order the foreign keys accept: every column of SQLite's schema
/// (migrations v1–v15) with the PostgreSQL type it goes into. SQLite keeps booleans as 0/1 and every integer as
/// 64 bits; PostgreSQL's BOOLEAN and INTEGER columns get `Bool` and `Int32`.
package struct CopiedTable: Sendable {
    package enum ColumnType: String, Sendable {
        case bigint, integer, boolean, text, bytea
    }

    package struct Column: Sendable {
        package let name: String
        package let type: ColumnType
        /// What is read from SQLite instead of the column of that name: for PostgreSQL's own columns.
        package let sourceExpression: String?

        package init(_ name: String, _ type: ColumnType, from sourceExpression: String? = nil) {
            self.name = name
            self.type = type
            self.sourceExpression = sourceExpression
        }
    }

    package let name: String
    /// Ordered and unique: rows are read a page at a time after the last key read.
    package let key: [String]
    package let columns: [Column]
    /// An `id BIGSERIAL` whose sequence is set past the largest copied id.
    package let hasSerialID: Bool

    /// How the copy's output names it.
    package let label: String

    package init(_ name: String, label: String, key: [String] = ["id"], serial: Bool = true, _ columns: [Column]) {
        self.name = name
        self.label = label
        self.key = key
        self.hasSerialID = serial
        self.columns = columns
    }

    /// Tables both stores keep with triggers from the copied rows (the deliveries by state): rebuilt, not copied.
    package static let keptByTriggers: Set<String> = ["delivery_count"]

    /// Tables a copy leaves behind on purpose: the web app's sessions (a copied cookie would let a browser into the
    /// other store's daemon; everyone signs in again there).
    package static let leftBehind: Set<String> = ["web_session"]

    /// `series` before `post`, whose occurrences refer to it (its own template_post_id has no foreign key).
    package static let all: [CopiedTable] = [account, series, post, postPart, postMedia, delivery, deliveryPart, publishKey, attempt, setting, event,
                                     networkPause, postingSlot, instanceApp, webUser, inboxFile]

    package static let account = CopiedTable("account", label: "accounts", [
        Column("id", .bigint), Column("network", .text), Column("remote_id", .text), Column("handle", .text),
        Column("display_name", .text), Column("auth_kind", .text), Column("sealed_credentials", .bytea), Column("scopes", .text),
        Column("access_expires_at", .bigint), Column("refresh_expires_at", .bigint), Column("status", .text),
        Column("status_reason", .text), Column("has_refresh_token", .boolean), Column("paused", .boolean),
        Column("created_at", .bigint), Column("updated_at", .bigint),
        Column("permission_refusals", .integer), Column("permission_refusal", .text), Column("permission_refused_since", .bigint),
        Column("network_limits", .text),
    ])

    /// The keys a delivery in doubt is settled by: a copy without them would send such a part again under a new key.
    package static let publishKey = CopiedTable("publish_key", label: "publish keys", key: ["delivery_id", "part"], serial: false, [
        Column("delivery_id", .bigint), Column("part", .integer), Column("key", .text), Column("stored_at", .bigint),
        // A reading of another machine's boot-time clock says nothing there: the key's age is unknown, as it should be.
        Column("stored_boot", .text),
    ])

    package static let instanceApp = CopiedTable("instance_app", label: "instance apps", key: ["network", "instance", "redirect_uri"], serial: false, [
        Column("network", .text), Column("instance", .text), Column("redirect_uri", .text), Column("client_id", .text),
        Column("sealed_secret", .bytea), Column("created_at", .bigint),
    ])

    /// The web app's people, with their password hashes; their sessions are not copied (everyone signs in again).
    package static let webUser = CopiedTable("web_user", label: "web users", [
        Column("id", .bigint), Column("name", .text), Column("role", .text), Column("password_hash", .text),
        Column("created_at", .bigint), Column("updated_at", .bigint),
    ])

    /// The inbox's memory of the files it took, so a file posted before is not posted again from the other store. A file
    /// a daemon was taking keeps its holder and lease, which have run out by the time the copy is used (the daemon is
    /// stopped for it): the next claim takes it over.
    package static let inboxFile = CopiedTable("inbox_file", label: "inbox files", key: ["sha256"], serial: false, [
        Column("sha256", .text), Column("name", .text), Column("state", .text), Column("holder", .text),
        Column("held_until", .bigint), Column("post_id", .bigint), Column("error", .text), Column("arrived_at", .bigint),
        Column("updated_at", .bigint), Column("seen_again", .integer),
    ])

    package static let post = CopiedTable("post", label: "posts", [
        Column("id", .bigint), Column("text", .text), Column("due_at", .bigint), Column("due_zone", .text), Column("due_local", .text),
        Column("lateness_limit_s", .integer), Column("source", .text), Column("created_at", .bigint), Column("updated_at", .bigint),
        Column("queued", .boolean), Column("series_id", .bigint), Column("series_index", .integer), Column("options", .text),
        Column("edited_alone", .boolean), Column("written_by", .text), Column("rejection_open", .boolean),
    ])

    package static let series = CopiedTable("series", label: "series", [
        Column("id", .bigint), Column("rule", .text), Column("first_local", .text), Column("zone", .text), Column("text", .text),
        Column("overrides", .text), Column("template_post_id", .bigint), Column("created_through", .integer), Column("last_due_at", .bigint),
        Column("ended", .boolean), Column("created_at", .bigint), Column("updated_at", .bigint),
    ])

    package static let postMedia = CopiedTable("post_media", label: "post media", key: ["post_id", "position"], serial: false, [
        Column("post_id", .bigint), Column("position", .integer), Column("sha256", .text), Column("kind", .text),
        Column("content_type", .text), Column("size", .bigint), Column("width", .integer), Column("height", .integer),
        Column("alt", .text), Column("path", .text), Column("part", .integer),
    ])

    package static let postPart = CopiedTable("post_part", label: "thread parts", key: ["post_id", "part"], serial: false, [
        Column("post_id", .bigint), Column("part", .integer), Column("text", .text),
    ])

    package static let deliveryPart = CopiedTable("delivery_part", label: "published parts", key: ["delivery_id", "part"], serial: false, [
        Column("delivery_id", .bigint), Column("part", .integer), Column("remote_id", .text), Column("remote_url", .text),
        Column("published_at", .bigint),
    ])

    /// A delivery left `publishing` (its daemon was killed) arrives unclaimed, with a lease that ended in 1970: the
    /// first daemon on PostgreSQL takes it over as a crash's (`takeOverAbandonedClaims`), looked up before anything
    /// is sent again. Every other delivery has no claim and no lease.
    package static let delivery = CopiedTable("delivery", label: "deliveries", [
        Column("id", .bigint), Column("post_id", .bigint), Column("account_id", .bigint), Column("text_override", .text),
        Column("state", .text), Column("next_attempt_at", .bigint), Column("claimed_at", .bigint),
        Column("claimed_by", .text, from: "NULL"),
        Column("lease_until", .bigint, from: "CASE WHEN state = 'publishing' THEN 0 END"),
        Column("attempt_count", .integer), Column("remote_id", .text), Column("remote_url", .text), Column("published_at", .bigint),
        Column("last_error", .text), Column("updated_at", .bigint), Column("handoff_path", .text), Column("handoff_reminded", .boolean),
        Column("handoff_expires_at", .bigint), Column("needs_check", .boolean), Column("first_claimed_at", .bigint),
        Column("throttled_until", .bigint), Column("retry_requested_at", .bigint), Column("first_comment", .text),
        Column("part_count", .integer), Column("post_due_at", .bigint), Column("text_key", .bigint),
    ])

    package static let attempt = CopiedTable("attempt", label: "attempts", [
        Column("id", .bigint), Column("delivery_id", .bigint), Column("started_at", .bigint), Column("finished_at", .bigint),
        Column("http_status", .integer), Column("outcome", .text), Column("error_class", .text), Column("excerpt", .text),
        Column("part", .integer),
    ])

    package static let setting = CopiedTable("setting", label: "settings", key: ["name"], serial: false, [
        Column("name", .text), Column("value", .text),
    ])

    package static let event = CopiedTable("event", label: "events", [
        Column("id", .bigint), Column("at", .bigint), Column("kind", .text), Column("post_id", .bigint), Column("delivery_id", .bigint),
        Column("payload", .text), Column("notified", .boolean), Column("hook_attempts", .integer), Column("hook_next_at", .bigint),
        Column("hook_last_error", .text), Column("hooks_accepted", .integer), Column("hook_given_up", .boolean),
    ])

    package static let networkPause = CopiedTable("network_pause", label: "network pauses", key: ["network"], serial: false, [
        Column("network", .text), Column("cause", .text), Column("reason", .text), Column("remedy", .text), Column("since", .bigint),
    ])

    package static let postingSlot = CopiedTable("posting_slot", label: "posting slots", key: ["account_id", "weekday", "minute"], serial: false, [
        Column("account_id", .bigint), Column("weekday", .integer), Column("minute", .integer), Column("zone", .text),
    ])

    /// The columns PostgreSQL has and SQLite has not: they are given a value (`sourceExpression`) rather than read.
    package var postgresOnlyColumns: [String] { columns.filter { $0.sourceExpression != nil }.map(\.name) }

    /// The SQLite columns read.
    package var sourceColumns: [String] { columns.filter { $0.sourceExpression == nil }.map(\.name) }
}

/// One value on its way from SQLite to PostgreSQL, already in PostgreSQL's type.
package enum CopiedValue: Sendable, Equatable {
    case null
    case bigint(Int64)
    case integer(Int32)
    case boolean(Bool)
    case text(String)
    case bytes([UInt8])
}
