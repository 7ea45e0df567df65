import Foundation
import PostgresTestCluster
import SchedulerCore
import Testing

/// Two daemons on one PostgreSQL database, each watching its own copy of a synced folder: the same run arriving in
/// both at once becomes one post; the other daemon skips its copy.
@Suite struct SharedStoreInboxTests {
    @Test(.timeLimit(.minutes(3)))
    func theSameRunInTwoDaemonsInboxes_becomesOnePost() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let first = try DaemonUnderTest("inbox-a", config: "# written below")
        let second = try DaemonUnderTest("inbox-b", config: "# written below")
        for daemon in [first, second] {
            try daemon.writeConfiguration(DaemonUnderTest.sharedStoreConfig(database) + """
                [runs]
                inbox = "\(daemon.directory.file("inbox"))"
                settle_ms = 100
                [[runs.rules]]
                to = ["x:@shared_runner"]
                when = "draft"
                """)
        }
        try await first.start()
        try second.takeCredentialKey(from: first)
        try await second.start()
        _ = try first.addSandboxAccount(username: "shared_runner")

        let gpx = RunSummaryEndToEndTests.loopGPX()
        for daemon in [first, second] {
            let temporary = daemon.directory.file("inbox/.syncthing.loop.gpx.tmp")
            try gpx.write(toFile: temporary, atomically: false, encoding: .utf8)
        }
        for daemon in [first, second] {
            try FileManager.default.moveItem(atPath: daemon.directory.file("inbox/.syncthing.loop.gpx.tmp"), toPath: daemon.directory.file("inbox/loop.gpx"))
        }
        for daemon in [first, second] {
            do {
                try await eventually(timeout: .seconds(30), "each daemon's copy to leave its inbox for done/") {
                    (try? FileManager.default.contentsOfDirectory(atPath: daemon.directory.file("inbox/done"))) == ["loop.gpx"]
                }
            } catch {
                let shelves = ["inbox", "inbox/done", "inbox/failed"].map { "\($0): \((try? FileManager.default.contentsOfDirectory(atPath: daemon.directory.file($0))) ?? [])" }
                Issue.record("\(error); \(shelves); \(try daemon.schedctl(["runs", "inbox"]).stdout); \(daemon.logs)")
                throw error
            }
        }
        #expect(try first.posts(state: "all").count == 1, "one post for the two copies")
        let files = try first.schedctl(["runs", "inbox", "--json"]).decode(InboxView.self).files
        #expect(files.count == 1 && files.first?.state == "posted" && files.first?.seenAgain == 1, "\(files)")
        let events = try second.schedctl(["events", "--json", "--last", "20"]).stdout
        #expect(events.components(separatedBy: "\"inbox_posted\"").count == 2 && events.contains("\"inbox_skipped\""), "\(events)")
        #expect(try await first.stop() == 0)
        #expect(try await second.stop() == 0)
    }
}
