import Foundation
import Logging
import PostgresNIO

extension PostgresStore {
    /// One dedicated connection (outside the pool) LISTENs for due-time and event changes from every daemon and
    /// wakes the engine or the event bus. Notifications are lost while it is down, so after every (re)connect it
    /// wakes both, which re-read; the engine's re-read every few seconds covers the rest. (LISTEN needs a session
    /// of its own: it does not work through PgBouncer in transaction mode.)
    package func keepListening() async {
        var failures = 0
        // Before the first connection, a failure is the start's to report (the connect probe says why, and stops the
        // daemon); "lost" is said only of a connection that was there.
        var connectedOnce = false
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(configuration: listenerConfiguration, id: 1, logger: queryLogger)
                connectedOnce = true
                // A notification sequence does not end on cancellation: closing the connection ends it. That only
                // starts the close, and a lost connection may still be closing: however listening ends, the connection
                // is closed, and the close awaited, before it is let go.
                do {
                    try await withTaskCancellationHandler {
                        try await listen(on: connection, failures: &failures)
                    } onCancel: {
                        let closing: EventLoopFuture<Void> = connection.close()
                        _ = closing
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                guard !Task.isCancelled else { return }
                failures += 1
                if failures == 1, connectedOnce {
                    let cause = (error as? PSQLError).map { Self.storeError($0, location: location).message } ?? "\(error)"
                    logger.warning("lost the connection that listens for other daemons' changes; reconnecting (the engine re-reads meanwhile)",
                                   metadata: ["error": "\(cause)"])
                }
            }
            try? await Task.sleep(for: .milliseconds(min(5_000, 100 * (1 << min(failures, 6)))))
        }
    }

    private func listen(on connection: PostgresConnection, failures: inout Int) async throws {
        try await connection.listen(on: Self.dueChannel) { due in
            try await connection.listen(on: Self.eventsChannel) { events in
                if failures > 0 { logger.notice("listening for other daemons' changes again") }
                failures = 0
                dueTimesChanged.signal()
                eventsCommitted.signal()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { for try await _ in due { self.dueTimesChanged.signal() } }
                    group.addTask { for try await _ in events { self.eventsCommitted.signal() } }
                    try await group.next()
                    group.cancelAll()
                }
            }
        }
    }
}
