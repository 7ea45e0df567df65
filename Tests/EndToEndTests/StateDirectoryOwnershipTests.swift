import Foundation
import GRDB
import SchedulerCore
import Testing

/// What a start must not touch: another daemon's state directory, and credentials sealed under a key that is gone.
@Suite(.serialized) struct StateDirectoryOwnershipTests {
    @Test(.timeLimit(.minutes(3)))
    func secondDaemonOnTheSameStateDirectory_exits75_andTheFirstPublishesEverythingExactlyOnce() async throws {
        let directory = TemporaryDirectory("lock-sandbox")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let daemon = try DaemonUnderTest("lock", sandbox: sandbox)
        try await daemon.start()
        let account = try await daemon.linkAccount("x", as: "lock_x")
        // Slow answers keep the burst in flight (claims `publishing`) while the second daemon starts.
        try await sandbox.setFaults(#"{"rate":1.0,"kinds":["slow"],"slow_seconds":0.3}"#)
        // Scheduled while everything is paused, each due when it is stored (however busy the machine), then resumed at
        // once: a burst of 30.
        let tag = UUID().uuidString.prefix(6)
        let texts = (0..<30).map { "Lock \(tag) post \($0)" }
        try await daemon.scheduleHeld(texts.map { SchedulePostRequest(text: $0, to: [account.reference], at: "now") })
        try await eventually("the burst to be publishing") { try await daemon.status().deliveries["publishing", default: 0] > 0 }

        let second = try await CorruptStateTests.runSchedulerd(
            ["--sandbox", "--state-dir", daemon.stateDirectory, "--socket", directory.file("second.sock"),
             "--config", daemon.directory.file("schedulerd.toml")],
            in: daemon.directory, name: "second")

        let pid = daemon.process?.process.processIdentifier ?? 0
        CorruptStateTests.expectRefusal(second, status: 75, naming: daemon.stateDirectory,
                                        mentions: ["another schedulerd (pid \(pid)) is running", "--state-dir", "Nothing was changed"], "second daemon")
        #expect(!FileManager.default.fileExists(atPath: directory.file("second.sock")), "the second daemon opened no socket")
        try await eventually(timeout: .seconds(60), "the burst to finish") { try await daemon.unfinishedDeliveries() == 0 }
        let status = try await daemon.status()
        let count = PublicationCount(scheduled: texts, received: try await sandbox.received(), unknown: status.deliveries["unknown"] ?? 0)
        #expect(count.once == 30 && count.duplicates == 0 && count.unknown == 0, "\(count)")
        #expect(status.deliveries == ["published": 30], "\(status.deliveries)")
        #expect(status.accountsNeedingAttention.isEmpty, "no account was marked for relinking")
        let history = try Self.rows(daemon, "SELECT outcome FROM attempt").map { $0["outcome"] as String? ?? "" }
        #expect(history.count == 30 && Set(history).count == 1, "one publish attempt each, no look-up: \(Set(history))")
        #expect(try Self.rows(daemon, "SELECT id FROM delivery WHERE needs_check = 1").isEmpty)
        #expect(try await daemon.stop() == 0)
    }

    @Test(.timeLimit(.minutes(2)))
    func missingKeyWithSealedCredentials_isRefused_andNoKeyIsCreated_andTheDatabaseIsUnchanged() async throws {
        let daemon = try DaemonUnderTest("nokey")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "keyless")
        _ = try daemon.schedule("Waits for its key", to: account.reference, at: "in 2h")
        #expect(try await daemon.stop() == 0)
        let key = (daemon.stateDirectory as NSString).appendingPathComponent("credentials.key")
        try FileManager.default.removeItem(atPath: key)
        let before = try Self.dump(daemon)

        let run = try await CorruptStateTests.runSchedulerd(daemon.arguments, in: daemon.directory, name: "nokey")

        CorruptStateTests.expectRefusal(run, status: 78, naming: key,
                                        mentions: ["credential key is missing", "1 account in the database holds", "backup", "store forget-credentials"], "missing key")
        #expect(!FileManager.default.fileExists(atPath: key), "no new key was made over sealed credentials")
        #expect(try Self.dump(daemon) == before, "accounts, posts, deliveries and events are as they were")
    }

    /// Every table's rows, in rowid order, as text: what a start must leave alone.
    static func dump(_ daemon: DaemonUnderTest) throws -> String {
        let queue = try database(daemon)
        return try queue.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            return try tables.map { table in
                "\(table): " + (try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\" ORDER BY rowid")).map(\.description).joined(separator: "\n")
            }.joined(separator: "\n")
        }
    }

    static func rows(_ daemon: DaemonUnderTest, _ sql: String) throws -> [Row] {
        try database(daemon).read { db in try Row.fetchAll(db, sql: sql) }
    }

    private static func database(_ daemon: DaemonUnderTest) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: (daemon.stateDirectory as NSString).appendingPathComponent("schedulerd.sqlite"), configuration: configuration)
    }
}
