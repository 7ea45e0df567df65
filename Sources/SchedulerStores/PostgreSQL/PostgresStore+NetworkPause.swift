import Foundation
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    package func recordNetworkRefused(_ claim: ClaimedDelivery, attempt: AttemptRecord, reason: String, remedy: String?,
                                     needsCheck: Bool) async throws {
        try await write { session in
            try await insertAttempt(claim.deliveryID, attempt, session)
            let finished = databaseMilliseconds(attempt.finishedAt)
            try await session.execute("""
                UPDATE delivery SET \(unescaped: Self.unclaimed), needs_check = \(needsCheck),
                    last_error = \("waiting: \(claim.network.displayName) publishing is paused: \(reason)"), updated_at = \(finished)
                WHERE id = \(claim.deliveryID) AND \(unescaped: heldHere)
                """)
            let paused = try await session.rows("""
                INSERT INTO network_pause (network, cause, reason, remedy, since) VALUES (\(claim.network.rawValue), 'refused', \(reason), \(remedy), \(finished))
                ON CONFLICT (network) DO NOTHING RETURNING network
                """)
            guard !paused.isEmpty else { return }
            try await insertEvent(DeliveryEvents.networkPaused(claim.network, reason: reason, remedy: remedy, at: attempt.finishedAt), session)
        }
    }

    /// Pauses a network by hand, or lifts its pause (whatever its cause).
    package static func setNetworkPause(_ network: Network, paused: Bool, now: Int64, _ session: PostgresSession) async throws {
        if paused {
            try await session.execute("""
                INSERT INTO network_pause (network, cause, reason, since) VALUES (\(network.rawValue), 'person', 'paused by a person', \(now))
                ON CONFLICT (network) DO NOTHING
                """)
        } else {
            try await session.execute("DELETE FROM network_pause WHERE network = \(network.rawValue)")
            try await session.notifyDueTimesChanged()
        }
    }

    /// With several daemons, each start lifts the pauses caused by refusals: the daemon starting may carry a fixed
    /// configuration; if not, its first request pauses the network again.
    package func liftRefusalPausesAtStart() async throws -> [Network] {
        try await write { session in
            let lifted = try await session.rows("DELETE FROM network_pause WHERE cause = 'refused' RETURNING network")
                .compactMap { Network(rawValue: try $0["network"]) }
            if !lifted.isEmpty { try await session.notifyDueTimesChanged() }
            return lifted
        }
    }

    package static func networkPauses(_ session: PostgresSession) async throws -> [NetworkPauseRecord] {
        try await session.rows("SELECT network, cause, reason, remedy, since FROM network_pause ORDER BY network").compactMap { row in
            guard let network = Network(rawValue: try row["network"]) else { return nil }
            return NetworkPauseRecord(network: network, byPerson: try row["cause"] as String == "person", reason: try row["reason"],
                                    remedy: try row["remedy"], since: Date(unixMilliseconds: try row["since"]))
        }
    }
}
