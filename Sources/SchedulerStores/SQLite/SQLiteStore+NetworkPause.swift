import Foundation
import GRDB
import SchedulerCore
import SchedulerDomain

extension SQLiteStore {
    /// The network refused this app's request as a whole (a retired API version, spent credits): the delivery
    /// goes back in line untouched (the attempt is logged but not counted, since nothing was published) and
    /// the network is paused, with a `network_paused` event the first time. Its lateness limit keeps running.
    package func recordNetworkRefused(_ claim: ClaimedDelivery, attempt: AttemptRecord, reason: String, remedy: String?,
                                     needsCheck: Bool) async throws {
        try await outcomes.write { [self] db in
            try Self.insertAttempt(claim.deliveryID, attempt, db)
            let ms = attempt.finishedAt.unixMilliseconds
            try db.execute(sql: """
                UPDATE delivery SET \(Self.unclaimed), needs_check = ?, last_error = ?, updated_at = ?
                WHERE id = ? AND state = 'publishing'
                """, arguments: [needsCheck, "waiting: \(claim.network.displayName) publishing is paused: \(reason)", ms, claim.deliveryID])
            try db.execute(sql: """
                INSERT OR IGNORE INTO network_pause (network, cause, reason, remedy, since) VALUES (?, 'refused', ?, ?, ?)
                """, arguments: [claim.network.rawValue, reason, remedy, ms])
            guard db.changesCount > 0 else { return }
            try insertEvent(DeliveryEvents.networkPaused(claim.network, reason: reason, remedy: remedy, at: attempt.finishedAt), db)
        }
    }

    /// Pauses a network by hand, or lifts its pause (whatever its cause).
    package static func setNetworkPause(_ network: Network, paused: Bool, now: Date, _ db: Database) throws {
        if paused {
            try db.execute(sql: """
                INSERT INTO network_pause (network, cause, reason, since) VALUES (?, 'person', 'paused by a person', ?)
                ON CONFLICT (network) DO NOTHING
                """, arguments: [network.rawValue, now.unixMilliseconds])
        } else {
            try db.execute(sql: "DELETE FROM network_pause WHERE network = ?", arguments: [network.rawValue])
        }
    }

    /// At start: a network paused because it refused this app is tried again, since the configuration (an API
    /// version) may have been fixed or credits added; if not, the first request pauses it again. Pauses a person
    /// made stay. Returns the networks unpaused.
    package func liftRefusalPausesAtStart() async throws -> [Network] {
        try await writer.write { db in
            try String.fetchAll(db, sql: "DELETE FROM network_pause WHERE cause = 'refused' RETURNING network").compactMap(Network.init(rawValue:))
        }
    }

    /// Every paused network, for `status` and the answer to pause and resume.
    package static func networkPauses(_ db: Database) throws -> [NetworkPauseRecord] {
        let sql = "SELECT network, cause, reason, remedy, since FROM network_pause ORDER BY network"
        return try Row.fetchAll(db.cachedStatement(sql: sql)).compactMap { row in
            Network(rawValue: row["network"]).map {
                NetworkPauseRecord(network: $0, byPerson: row["cause"] == "person", reason: row["reason"], remedy: row["remedy"],
                                 since: Date(unixMilliseconds: row["since"]))
            }
        }
    }
}
