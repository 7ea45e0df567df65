import Connectors
import Foundation
import GRDB
import SchedulerCore
import PostgresNIO
@testable import Scheduler
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores

/// Shorthands for putting accounts and posts into either store.
extension AccountStore {
    /// Adds an active account whose sealed credentials are `sealed` (or a vault's blob via `vault`).
    @discardableResult
    func addAccount(_ handle: String, network: Network = .x, vault: CredentialVault? = nil,
                    credentials: AccountCredentials? = nil) async throws -> AccountRecord {
        let secret = credentials ?? .oauth1(token: "token-\(handle)", tokenSecret: "secret-\(handle)")
        return try await upsertAccount(network: network, remoteID: "remote-\(network.rawValue)-\(handle)", handle: handle,
                                       displayName: "Display \(handle)", authKind: network == .x ? .oauth1 : .oauth2) { id in
            if let vault { return try vault.seal(secret, accountID: id) }
            return Array("sealed-\(id)".utf8)
        }
    }
}

extension PostStore {
    /// Stores a post due at `due` for each account in `to`.
    @discardableResult
    func addPost(_ text: String = "hello", due: Date, to accounts: [AccountRecord], lateness: Int = 3_600,
                 zone: String = "UTC", now: Date? = nil) async throws -> PostRecord {
        let time = ScheduleTime(instant: due, zoneIdentifier: zone, wallClock: "2030-01-01T00:00:00")
        return try await insertPost(NewPost(text: text, time: time, latenessLimitSeconds: lateness,
                                            targets: accounts.map { NewPost.Target(accountID: $0.id) }),
                                    now: now ?? due)
    }

    /// The single delivery of post `id`.
    func delivery(ofPost id: Int64) async throws -> DeliveryRecord {
        let view = try await post(id: id)
        precondition(view.deliveries.count == 1, "post \(id) has \(view.deliveries.count) deliveries")
        return view.deliveries[0]
    }
}

extension DeliveryStore {
    /// Claims whatever is due at `now` and records each delivery published, as a publish that went well would;
    /// returns the claims.
    @discardableResult
    func publishDue(at now: Date) async throws -> [ClaimedDelivery] {
        let claimed = try await claimDue(now: now, limit: 100).claimed
        for claim in claimed {
            try await recordPublished(claim, attempt: AttemptRecord(startedAt: now, finishedAt: now, httpStatus: 201, outcome: "published"),
                                      remoteID: "r\(claim.deliveryID)", remoteURL: nil)
        }
        return claimed
    }
}

/// What the API does not show, read (or set) in each store's own SQL.
protocol StoreInspection: SchedulerStore {
    func setStatus(_ status: AccountStatus, accountID: Int64) async throws
    /// Every attempt logged for a delivery, oldest first.
    func attempts(deliveryID: Int64) async throws -> [AttemptRow]
    /// Deliveries in `state`, across all posts.
    func deliveryCount(in state: DeliveryState) async throws -> Int
    /// Stores `event` in a transaction of its own, as a change stores its event (the event bus hears of it at commit).
    func storeEvent(_ event: EventRecord) async throws
    /// Deliveries by state, counted row by row (states with none left out).
    func deliveriesCountedByState() async throws -> [String: Int]
    /// Each account's unfinished deliveries (an account view's pending posts), counted row by row.
    func pendingDeliveriesCountedByAccount() async throws -> [Int64: Int]
    /// Deletes a post and, by the foreign keys, its deliveries (schedulerd itself never does).
    func deletePostRows(id: Int64) async throws
    /// Empties every delivery's text key, as a database from before the keys holds them.
    func forgetTextKeys() async throws
}

/// The states an account view counts as its pending posts.
let pendingStatesSQL = "('scheduled', 'publishing', 'retrying', 'unknown', 'handed_off')"

extension SQLiteStore: StoreInspection {
    func setStatus(_ status: AccountStatus, accountID: Int64) async throws {
        try await writer.write { db in
            try db.execute(sql: "UPDATE account SET status = ? WHERE id = ?", arguments: [status.rawValue, accountID])
        }
    }

    func attempts(deliveryID: Int64) async throws -> [AttemptRow] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM attempt WHERE delivery_id = ? ORDER BY id", arguments: [deliveryID]).map {
                AttemptRow(startedAt: $0["started_at"], finishedAt: $0["finished_at"], httpStatus: $0["http_status"], outcome: $0["outcome"],
                           errorClass: $0["error_class"], excerpt: $0["excerpt"])
            }
        }
    }

    func deliveryCount(in state: DeliveryState) async throws -> Int {
        try await writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM delivery WHERE state = ?", arguments: [state.rawValue])!
        }
    }

    func storeEvent(_ event: EventRecord) async throws {
        try await writer.write { db in try insertEvent(event, db) }
    }

    func deliveriesCountedByState() async throws -> [String: Int] {
        try await writer.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT state, COUNT(*) AS n FROM delivery GROUP BY state").map {
                ($0["state"] as String, $0["n"] as Int)
            })
        }
    }

    func pendingDeliveriesCountedByAccount() async throws -> [Int64: Int] {
        try await writer.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: """
                SELECT account_id, COUNT(*) AS n FROM delivery WHERE state IN \(pendingStatesSQL) GROUP BY account_id
                """).map { ($0["account_id"] as Int64, $0["n"] as Int) })
        }
    }

    func deletePostRows(id: Int64) async throws {
        try await writer.write { db in try db.execute(sql: "DELETE FROM post WHERE id = ?", arguments: [id]) }
    }

    func forgetTextKeys() async throws {
        try await writer.write { db in try db.execute(sql: "UPDATE delivery SET text_key = NULL") }
    }
}

extension PostgresStore: StoreInspection {
    func setStatus(_ status: AccountStatus, accountID: Int64) async throws {
        try await write { session in
            try await session.execute("UPDATE account SET status = \(status.rawValue) WHERE id = \(accountID)")
        }
    }

    func attempts(deliveryID: Int64) async throws -> [AttemptRow] {
        try await read { session in
            try await session.rows("SELECT * FROM attempt WHERE delivery_id = \(deliveryID) ORDER BY id").map {
                AttemptRow(startedAt: try $0["started_at"], finishedAt: try $0["finished_at"],
                           httpStatus: (try $0["http_status"] as Int32?).map(Int.init), outcome: try $0["outcome"],
                           errorClass: try $0["error_class"], excerpt: try $0["excerpt"])
            }
        }
    }

    func deliveryCount(in state: DeliveryState) async throws -> Int {
        try await read { session in
            Int(try await session.value("SELECT count(*) FROM delivery WHERE state = \(state.rawValue)", as: Int64.self) ?? 0)
        }
    }

    func storeEvent(_ event: EventRecord) async throws {
        try await write { session in try await insertEvent(event, session) }
    }

    func deliveriesCountedByState() async throws -> [String: Int] {
        try await read { session in
            var counts: [String: Int] = [:]
            for row in try await session.rows("SELECT state, count(*) AS n FROM delivery GROUP BY state") {
                counts[try row["state"]] = Int(try row["n"] as Int64)
            }
            return counts
        }
    }

    func pendingDeliveriesCountedByAccount() async throws -> [Int64: Int] {
        try await read { session in
            var counts: [Int64: Int] = [:]
            for row in try await session.rows(PostgresQuery(unsafeSQL: """
                SELECT account_id, count(*) AS n FROM delivery WHERE state IN \(pendingStatesSQL) GROUP BY account_id
                """)) {
                counts[try row["account_id"]] = Int(try row["n"] as Int64)
            }
            return counts
        }
    }

    func deletePostRows(id: Int64) async throws {
        try await write { session in try await session.execute("DELETE FROM post WHERE id = \(id)") }
    }

    func forgetTextKeys() async throws {
        try await write { session in try await session.execute("UPDATE delivery SET text_key = NULL") }
    }
}

/// One row of the `attempt` table, as `history` would show it.
struct AttemptRow: Sendable, Equatable {
    var startedAt: Int64
    var finishedAt: Int64
    var httpStatus: Int?
    var outcome: String
    var errorClass: String?
    var excerpt: String?
}

/// A fixed instant with whole milliseconds, so it survives the store's millisecond columns exactly.
let referenceNow = Date(timeIntervalSince1970: 1_900_000_000)

func attempt(at date: Date, status: Int? = 201, outcome: String = "published", errorClass: String? = nil, excerpt: String? = nil) -> AttemptRecord {
    AttemptRecord(startedAt: date, finishedAt: date.addingTimeInterval(0.25), httpStatus: status, outcome: outcome,
                  errorClass: errorClass, excerpt: excerpt)
}

/// A 32-byte key for vaults in tests.
func testKey(_ byte: UInt8 = 7) -> [UInt8] {
    Array(repeating: byte, count: 32)
}

extension PostService {
    /// A service over `store` whose only network is X, with a connector that is never called: it brings X's rules,
    /// which is all scheduling needs. The clock stands still at `now`.
    static func withXRules(store: SQLiteStore, zone: String, now: Date) -> PostService {
        let x = XConnector(configuration: .init(apiBaseURL: "http://127.0.0.1:9", consumerKey: "k", consumerSecret: "s"),
                           transport: UnusedTransport())
        return PostService(store: store, connectors: ConnectorRegistry([x]), wake: WakeSignal(),
                           defaultZone: TimeZone(identifier: zone)!, defaultLatenessSeconds: 3_600, now: { now })
    }

    /// A service over `store` with X's and Instagram's rules (connectors that are never called) and `library` for media,
    /// in UTC, the clock standing still at `now`.
    static func withXAndInstagramRules(store: SQLiteStore, library: MediaLibrary, now: Date) -> PostService {
        let x = XConnector(configuration: .init(apiBaseURL: "http://127.0.0.1:9", consumerKey: "k", consumerSecret: "s"), transport: UnusedTransport())
        let instagram = InstagramConnector(app: FacebookApp(appID: "a", appSecret: "s"), mediaBaseURL: "http://127.0.0.1:9/media",
                                           transport: UnusedTransport())
        return PostService(store: store, connectors: ConnectorRegistry([x, instagram]), wake: WakeSignal(),
                           defaultZone: TimeZone(identifier: "UTC")!, defaultLatenessSeconds: 3_600, media: library, now: { now })
    }
}
