import Foundation
import PostgresTestCluster
import SchedulerCore
import Testing

/// Wake-ups across daemons: a post scheduled through one daemon's socket is published on time by another, woken
/// by the database's NOTIFY. The daemon it was scheduled through is frozen (SIGSTOP) right after, so only the other
/// can publish it, and the re-read backstop is a minute, so only the notification can wake it in time.
@Suite struct SharedStoreWakeUpTests {
    @Test(.timeLimit(.minutes(3)))
    func aPostScheduledThroughOneDaemon_isPublishedOnTimeByAnother() async throws {
        let directory = TemporaryDirectory("wake-sandbox")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let database = try await PostgresCluster.shared().createDatabase()
        let config = DaemonUnderTest.sharedStoreConfig(database, store: "reread_s = 60")
        let first = try DaemonUnderTest("wake-a", sandbox: sandbox, config: config)
        try await first.start()
        let account = try await first.linkAccount("x", as: "wake_x")
        let second = try DaemonUnderTest("wake-b", sandbox: sandbox, config: config)
        try second.takeCredentialKey(from: first)
        try await second.start()

        var lateness: [Double] = []
        for (round, (through, publisher)) in [(first, second), (second, first), (first, second)].enumerated() {
            // Both daemons idle: the first re-read after their start is past, the next a minute away.
            // Due 2 s after the daemon stores it (read on receipt, so never in the past however busy the machine).
            let text = "Wake-up \(UUID().uuidString.prefix(6)) round \(round)"
            let due = try #require(try await through.schedule(SchedulePostRequest(text: text, to: [account.reference], at: "in 2s")).dueAt)
            through.process?.signal(SIGSTOP)
            defer { through.process?.signal(SIGCONT) }
            var received: JSONValue?
            try await eventually(timeout: .seconds(20), "\(publisher.stateDirectory) to publish round \(round)") {
                received = try await sandbox.received().first { $0["text"]?.stringValue == text }
                return received != nil
            }
            let arrived = try #require(received?["received_at"]?.stringValue.flatMap(RFC3339.parse))
            lateness.append(arrived.timeIntervalSince(due) * 1000)
        }
        print("published by the daemon the post was not scheduled through, lateness: \(lateness.map { String(format: "%.0f ms", $0) })")
        for value in lateness {
            #expect(value < 2_000, "on time, long before the one-minute re-read: \(lateness)")
        }
        #expect(try await first.stop() == 0)
        #expect(try await second.stop() == 0)
    }
}
