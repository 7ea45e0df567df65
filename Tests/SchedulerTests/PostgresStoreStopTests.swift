import Foundation
import PostgresTestCluster
import Testing
@testable import Scheduler

/// A PostgreSQL store stops whatever its connections are doing: when the pool closes a connection in the middle of a
/// transaction (it closes leased ones too when it shuts down), the transaction ends with an error instead of waiting
/// for good.
@Suite struct PostgresStoreStopTests {
    @Test func aStatementOnAConnectionThatClosed_failsAtOnce() async throws {
        try await withPostgresStore(register: false) { (store: PostgresStore) async throws in
            let ended = await Self.outcome(within: .seconds(10)) {
                try await store.write { session in
                    try await session.connection.close()
                    try await session.execute("SELECT 1")
                }
            }
            #expect(ended == "the connection to PostgreSQL closed")
            #expect(try await store.nextDueTime() == nil, "the store goes on with its other connections")
        }
    }

    @Test func aTransactionWhoseConnectionClosedUnderIt_endsWithItsError() async throws {
        try await withPostgresStore(register: false) { (store: PostgresStore) async throws in
            let ended = await Self.outcome(within: .seconds(10)) {
                try await store.write { session in
                    try await session.connection.close()
                    throw StoreError(.cannotOpen, "the body failed")
                }
            }
            #expect(ended == "the body failed", "no ROLLBACK waited for on the closed connection")
            #expect(try await store.nextDueTime() == nil, "the store goes on with its other connections")
        }
    }

    /// How `operation` ended (a StoreError's message, "no error", or another error), or nil when it had not ended
    /// within `limit`. It runs apart, so one that never ends fails the test rather than hanging the test run.
    private static func outcome(within limit: Duration, _ operation: @escaping @Sendable () async throws -> Void) async -> String? {
        let (outcome, report) = AsyncStream.makeStream(of: String.self)
        Task {
            do {
                try await operation()
                report.yield("no error")
            } catch let error as StoreError {
                report.yield(error.message)
            } catch {
                report.yield("\(error)")
            }
        }
        return await withTaskGroup(of: String?.self) { group in
            group.addTask { await outcome.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
