import Foundation
import Logging
import PostgresNIO
import SchedulerCore
import SchedulerDomain

extension PostgresStore {
    /// Registers this daemon, with a first lease, and learns the database's clock. Called once after ``prepare(migrate:)``.
    package func register() async throws {
        try await renewLease(first: true)
    }

    /// Every third of the lease: the daemon's row and every claim it holds get a new lease, and the offset to the
    /// database's clock is measured again. A failed renewal is logged and tried at the next turn; meanwhile
    /// ``claimsAreHeld`` turns false before the lease can run out, so no request goes out on a claim another daemon
    /// may be taking over.
    package func keepRenewingLease() async {
        let interval = Duration.milliseconds(Int64(settings.leaseSeconds * 1000 / 3))
        var failing = false
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            guard !Task.isCancelled else { return }
            // Not before ``register()``: the schema may not exist yet, and there is no lease to renew.
            guard clock.withLock({ $0.lastRenewal }) != nil else { continue }
            do {
                try await renewLease(first: false)
                if failing { logger.notice("lease renewed again; publishing goes on") }
                failing = false
                do { try await foldDeliveryCounts() } catch {
                    logger.debug("the delivery counts were not folded; they are at the next renewal", metadata: ["error": "\(error)"])
                }
            } catch {
                if !failing {
                    logger.error("cannot renew this daemon's lease; nothing more is sent until it is renewed", metadata: ["error": "\(error)"])
                }
                failing = true
            }
        }
    }

    private func renewLease(first: Bool) async throws {
        let started = ContinuousClock.now
        let localStart = settings.localClock()
        let leaseMilliseconds = Int64(settings.leaseSeconds * 1000)
        let me = identity
        let databaseNow = try await write { session -> Int64 in
            if first {
                try await session.execute("""
                    INSERT INTO daemon (id, host, state_dir, pid, version, socket, started_at, heartbeat_at, lease_until)
                    VALUES (\(me.id), \(me.host), \(me.stateDirectory), \(Int64(me.pid)), \(me.version), \(me.socketPath),
                            schedulerd_now_ms(), schedulerd_now_ms(), schedulerd_now_ms() + \(leaseMilliseconds))
                    """)
            } else {
                try await session.execute("""
                    UPDATE daemon SET heartbeat_at = schedulerd_now_ms(), lease_until = schedulerd_now_ms() + \(leaseMilliseconds)
                    WHERE id = \(me.id)
                    """)
                // Locked in id order, as a batch of outcomes locks them: two statements that each change several of this
                // daemon's claims could otherwise each hold one the other waits for.
                try await session.execute("""
                    WITH held AS (SELECT id FROM delivery WHERE claimed_by = \(me.id) AND state = 'publishing' ORDER BY id FOR UPDATE)
                    UPDATE delivery SET lease_until = schedulerd_now_ms() + \(leaseMilliseconds)
                    FROM held WHERE delivery.id = held.id
                    """)
                try await wakeHookSenderIfVacant(session)
            }
            return try await session.value("SELECT schedulerd_now_ms()", as: Int64.self) ?? 0
        }
        let localEnd = settings.localClock()
        let localMiddle = (localStart.unixMilliseconds + localEnd.unixMilliseconds) / 2
        clock.withLock {
            $0.offsetMilliseconds = databaseNow - localMiddle
            $0.lastRenewal = started
        }
    }

    /// True while the last renewal is recent enough that the lease cannot have run out: two thirds of the lease
    /// from when that renewal was sent (one renewal may be missed; the last third is margin for clocks and delays).
    package var claimsAreHeld: Bool {
        guard let last = clock.withLock({ $0.lastRenewal }) else { return false }
        return ContinuousClock.now < last.advanced(by: .milliseconds(Int64(settings.leaseSeconds * 1000 * 2 / 3)))
    }

    /// At a clean stop: the daemon says it stopped, so `status` does not list it. Its claims were given back by the engine.
    /// Within a few seconds: a database that cannot be reached does not keep the daemon from exiting (its lease then
    /// runs out as a crashed daemon's would).
    package func sayStopped() async {
        let me = identity.id
        // Raced apart from this task: a statement waiting on the database does not end when its task is cancelled,
        // only when the pool, stopping after this, closes its connection.
        let (outcome, report) = AsyncStream.makeStream(of: Bool.self)
        let recording = Task {
            do {
                try await write { session in
                    try await session.execute("""
                        UPDATE daemon SET stopped_at = schedulerd_now_ms(), lease_until = schedulerd_now_ms() WHERE id = \(me)
                        """)
                }
            } catch {
                logger.warning("could not record this daemon's stop in the database", metadata: ["error": "\(error)"])
            }
            report.yield(true)
        }
        let limit = Task {
            try? await Task.sleep(for: Self.stopRecordingLimit)
            report.yield(false)
        }
        let recorded = await outcome.first { _ in true } ?? false
        limit.cancel()
        if !recorded {
            recording.cancel()
            logger.warning("could not record this daemon's stop in the database within \(Self.stopRecordingLimit); its lease runs out instead")
        }
    }

    package static let stopRecordingLimit = Duration.seconds(5)

    /// Daemons that renewed their lease recently, with what each is publishing, this daemon marked (for `status`).
    package func liveDaemons() async throws -> [DaemonRecord] {
        let me = identity.id
        return try await read { session in
            try await session.rows("""
                SELECT d.id, d.host, d.pid, d.version, d.started_at, d.lease_until,
                       (SELECT count(*) FROM delivery x WHERE x.claimed_by = d.id AND x.state = 'publishing') AS publishing
                FROM daemon d WHERE d.stopped_at IS NULL AND d.lease_until >= schedulerd_now_ms() ORDER BY d.started_at
                """).map { row in
                DaemonRecord(id: try row["id"], host: try row["host"], pid: Int(try row["pid"] as Int32), version: try row["version"],
                                  startedAt: Date(unixMilliseconds: try row["started_at"]), leaseUntil: Date(unixMilliseconds: try row["lease_until"]),
                                  publishing: Int(try row["publishing"] as Int64), this: try row["id"] as String == me)
            }
        }
    }
}
