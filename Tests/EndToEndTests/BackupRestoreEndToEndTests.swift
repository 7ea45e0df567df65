import Foundation
import SchedulerCore
import Testing

/// `schedctl backup` from a running daemon, `schedulerd store restore` into a fresh state directory, and a daemon
/// started there that has the same posts and an account whose credentials still publish.
@Suite(.serialized) struct BackupRestoreEndToEndTests {
    @Test func aBackupRestoredIntoAFreshStateDirectory_hasTheSamePosts_andAnAccountThatStillPublishes() async throws {
        let directory = TemporaryDirectory("backup")
        // One sandbox for both daemons, so the restored credentials are the ones it issued.
        let sandbox = try await SandboxUnderTest(directory: directory)
        let original = try DaemonUnderTest("backup-original", sandbox: sandbox)
        try await original.start()
        let account = try original.addSandboxAccount(username: "backedup")
        let published = try original.schedule("Long run done: 21 km", to: account.reference, at: "in 1s")
        let waiting = try original.schedule("Intervals on Thursday", to: account.reference, at: "in 2h")
        try await eventually(timeout: .seconds(30), "the first post to be published") {
            try original.schedctl(["show", "\(published.id)", "--json"]).decode(PostView.self).deliveries.allSatisfy { $0.state == .published }
        }

        // Online: the daemon keeps running while it is copied.
        let file = directory.file("backups/sched.sqlite")
        try FileManager.default.createDirectory(atPath: directory.file("backups"), withIntermediateDirectories: true)
        let backup = try original.schedctl(["backup", file])
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.stdout.contains("sched.sqlite.key"), "\(backup.stdout)")
        #expect(Self.mode(file) == 0o600 && Self.mode(file + ".key") == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file + ".key")).count == 32)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file + ".key")) == Data(contentsOf: URL(fileURLWithPath: original.stateDirectory + "/credentials.key")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("backups")).sorted() == ["sched.sqlite", "sched.sqlite.key"],
                "no temporary file is left")
        #expect(try FileManager.default.contentsOfDirectory(atPath: original.stateDirectory).allSatisfy { !$0.hasPrefix(".backup") },
                "the daemon's copy is gone once sent")
        let again = try original.schedctl(["backup", file])
        #expect(again.status == 5 && again.stderr.contains("exists; choose another FILE, or replace it with --force"), "\(again.stderr)")
        _ = try await original.stop()

        let restored = try DaemonUnderTest("backup-restored", sandbox: sandbox)
        let restore = try ChildProcess(Products.path("schedulerd"), ["store", "restore", file, "--state-dir", restored.stateDirectory],
                                       logDirectory: directory.path, name: "restore")
        #expect(try await restore.waitForExit() == 0, "\(restore.stderr)")
        #expect(restore.stdout.contains("2 posts, 1 account"), "\(restore.stdout)")
        try await restored.start()

        let posts = try restored.posts()
        #expect(posts.map(\.id).sorted() == [published.id, waiting.id])
        #expect(posts.first { $0.id == published.id }?.deliveries.first?.state == .published)
        #expect(posts.first { $0.id == waiting.id }?.deliveries.first?.state == .scheduled)
        #expect(posts.first { $0.id == waiting.id }?.text == "Intervals on Thursday")
        let accounts = try restored.schedctl(["accounts", "list", "--json"]).decode([AccountView].self)
        #expect(accounts.map(\.reference) == [account.reference])
        #expect(accounts.first?.status == .active, "the credentials open with the restored key")
        let after = try restored.schedule("First post after the restore", to: account.reference, at: "in 1s")
        try await eventually(timeout: .seconds(30), "a post after the restore to be published with the restored credentials") {
            try restored.schedctl(["show", "\(after.id)", "--json"]).decode(PostView.self).deliveries.allSatisfy { $0.state == .published }
        }
        _ = try await restored.stop()

        // Restoring again over the restored directory is refused, and changes nothing.
        let over = try ChildProcess(Products.path("schedulerd"), ["store", "restore", file, "--state-dir", restored.stateDirectory],
                                    logDirectory: directory.path, name: "restore-again")
        #expect(try await over.waitForExit() == 65)
        #expect(over.stderr.contains("already has a database"), "\(over.stderr)")
    }

    private static func mode(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_mode & 0o777)
    }
}
