import Foundation
import GRDB
@testable import SchedulerServer
@testable import SchedulerStores
import Synchronization
import Testing
@testable import Scheduler

/// Group commit: writes that arrive while a transaction is written share the next one, and one that fails is rolled
/// back alone.
@Suite(.timeLimit(.minutes(1))) struct GroupCommitTests {
    @Test func concurrentWrites_allCommit_inFewerTransactionsThanWrites() async throws {
        let (queue, commits) = try Self.database()
        let group = GroupCommit(writer: queue)

        try await withThrowingTaskGroup(of: Void.self) { tasks in
            for value in 0..<200 {
                tasks.addTask { try await group.write { db in try db.execute(sql: "INSERT INTO item (value) VALUES (?)", arguments: [value]) } }
            }
            try await tasks.waitForAll()
        }

        #expect(try await queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT value) FROM item") } == 200)
        #expect(commits.count < 200, "writes queued behind a transaction share the next one")
    }

    @Test func aWriteThatThrows_isRolledBackAlone_andTheRestOfItsBatchCommits() async throws {
        let (queue, commits) = try Self.database()
        let group = GroupCommit(writer: queue)
        let gate = DispatchSemaphore(value: 0)
        struct Refused: Error {}

        // The first write holds the writer until the next three are queued behind it, so they go as one batch.
        let writing = Mutex(false)
        async let first: Void = group.write { db in
            writing.withLock { $0 = true }
            gate.wait()
            try db.execute(sql: "INSERT INTO item (value) VALUES (0)")
        }
        await waitUntil { writing.withLock { $0 } }
        async let kept1: Void = group.write { db in try db.execute(sql: "INSERT INTO item (value) VALUES (1)") }
        let refused = Task {
            try await group.write { db in
                try db.execute(sql: "INSERT INTO item (value) VALUES (2)")
                throw Refused()
            }
        }
        async let kept3: Void = group.write { db in try db.execute(sql: "INSERT INTO item (value) VALUES (3)") }
        await waitUntil { group.waitingCount == 3 }
        gate.signal()

        try await first
        try await kept1
        try await kept3
        await #expect(throws: Refused.self) { try await refused.value }
        #expect(try await queue.read { db in try Int.fetchAll(db, sql: "SELECT value FROM item ORDER BY value") } == [0, 1, 3])
        #expect(commits.count == 2, "the first write's transaction, then one for the three behind it")
    }

    /// A database with an `item` table, and the number of transactions committed on it since.
    private static func database() throws -> (DatabaseQueue, CommitCounter) {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE item (value INTEGER NOT NULL)") }
        let counter = CommitCounter()
        queue.add(transactionObserver: counter, extent: .databaseLifetime)
        return (queue, counter)
    }
}

/// Counts commits.
private final class CommitCounter: TransactionObserver, Sendable {
    private let commits = Mutex(0)
    var count: Int { commits.withLock { $0 } }
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { commits.withLock { $0 += 1 } }
    func databaseDidRollback(_ db: Database) {}
}
