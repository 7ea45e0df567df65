import Foundation
import PostgresTestCluster
import SchedulerCore
import Testing

/// Moving an installation: a daemon on SQLite publishes what is due, stops; `schedulerd store copy` moves its state
/// into PostgreSQL; a daemon there publishes the rest (media included), and nothing twice.
@Suite(.serialized) struct StoreCopyEndToEndTests {
    @Test(.timeLimit(.minutes(3)))
    func sqliteCopiedIntoPostgres_aDaemonThere_publishesTheRestOnce() async throws {
        let directory = TemporaryDirectory("copy-sandbox")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let before = try DaemonUnderTest("copy-sqlite", sandbox: sandbox)
        try await before.start()
        let x = try await before.linkAccount("x", as: "copy_x")
        let instagram = try await before.linkAccount("instagram", as: "copy_ig")
        let picture = try await before.uploadMedia(Fixtures.path("run-4x5.jpg"))
        let tag = UUID().uuidString.prefix(6)
        let early = "Copy run \(tag): before the move"
        let late = ["Copy run \(tag): after the move, on X", "Copy run \(tag): after the move, on Instagram"]
        _ = try await before.schedule(SchedulePostRequest(text: early, to: [x.reference], at: "in 2s"))
        try await eventually(timeout: .seconds(20), "the early post to go out") { try await before.status().deliveries["published"] == 1 }
        // The rest is held by a pause until the daemon on PostgreSQL lifts it: the pause moves with the store, and no due
        // time can pass before the move however busy the machine.
        try await before.setPaused(true)
        _ = try await before.schedule(SchedulePostRequest(text: late[0], to: [x.reference], at: "now"))
        _ = try await before.schedule(SchedulePostRequest(text: late[1], to: [instagram.reference], at: "now", media: [MediaReference(id: picture)]))
        #expect(try await before.stop() == 0)

        let database = try await PostgresCluster.shared().createDatabase()
        let copy = try ChildProcess(Products.path("schedulerd"), ["store", "copy", "--from", "sqlite:" + before.stateDirectory + "/schedulerd.sqlite",
                                                                  "--to", database.url, "--password-file", database.passwordFile],
                                    logDirectory: directory.path, name: "store-copy")
        #expect(try await copy.waitForExit(timeout: .seconds(60)) == 0, "\(copy.stderr)")
        #expect(copy.stdout.contains(" copied into the database: any daemon can publish them"), "\(copy.stdout)")

        // A daemon elsewhere: its own state directory, the old key, the database.
        let after = try DaemonUnderTest("copy-postgres", sandbox: sandbox, config: DaemonUnderTest.sharedStoreConfig(database))
        try after.takeCredentialKey(from: before)
        try await after.start()
        #expect(try await after.status().deliveries["published"] == 1, "the history came along")
        #expect(try await after.status().paused?.everything == true, "the pause came along")
        try await after.setPaused(false)
        try await eventually(timeout: .seconds(60), "the rest to go out from PostgreSQL") { try await after.status().deliveries["published"] == 3 }

        let count = PublicationCount(scheduled: [early] + late, received: try await sandbox.received(), unknown: 0)
        #expect(count.once == 3, "\(count)")
        #expect(count.duplicates == 0)
        #expect(try await after.stop() == 0)
    }
}
