import Foundation
import GRDB
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// An online copy of the SQLite store, and putting it back into a state directory.
@Suite(.timeLimit(.minutes(1))) struct BackupRestoreTests {
    /// A store with an account and a post in `directory`, backed up to `backup` with its key beside it.
    private func backedUp(in directory: borrowing TemporaryDirectory) async throws -> (backup: String, account: AccountRecord, post: PostRecord) {
        let vault = try CredentialVault(key: testKey(9))
        let store = try SQLiteStore.open(path: directory.file("source.sqlite"))
        let account = try await store.addAccount("runner", vault: vault)
        let post = try await store.addPost("Long run done", due: Date().addingTimeInterval(3_600), to: [account], now: Date())
        let backup = directory.file("backup.sqlite")
        try await store.backup(to: backup)
        try BackupRestore.writePrivately(testKey(9), to: backup + ".key")
        return (backup, account, post)
    }

    @Test func aRestoredBackup_holdsThePostsAndAccounts_andItsCredentialsOpenWithTheKey() async throws {
        let directory = try TemporaryDirectory()
        let (backup, account, post) = try await backedUp(in: directory)
        #expect(permissions(backup) == 0o600)
        let state = directory.file("state")

        let report = try BackupRestore(backupPath: backup, keyPath: nil, stateDirectory: state).run()

        #expect(report.posts == 1 && report.accounts == 1 && report.missingMedia == 0)
        #expect(permissions(state + "/schedulerd.sqlite") == 0o600)
        #expect(permissions(state + "/credentials.key") == 0o600)
        let restored = try SQLiteStore.open(path: state + "/schedulerd.sqlite")
        #expect(try await restored.post(id: post.id).text == "Long run done")
        let vault = try CredentialVault.load(stateDirectory: state, environment: [:], sealedCredentials: 1)
        let sealed = try #require(try await restored.sealedBlobs().first)
        #expect(sealed.accountID == account.id)
        #expect(try vault.open(sealed.sealed, accountID: account.id).token == "token-runner")
    }

    @Test func aKeyThatDoesNotOpenTheBackup_isRefused_andNothingIsWritten() async throws {
        let directory = try TemporaryDirectory()
        let (backup, _, _) = try await backedUp(in: directory)
        try BackupRestore.writePrivately(testKey(1), to: directory.file("other.key"))
        let state = directory.file("state")

        #expect {
            try BackupRestore(backupPath: backup, keyPath: directory.file("other.key"), stateDirectory: state).run()
        } throws: { error in
            let error = error as? StoreCommandError
            return error?.kind == .unusableSource && error?.message.contains("is not the key this backup was made with") == true
        }
        #expect(!FileManager.default.fileExists(atPath: state + "/schedulerd.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: state + "/credentials.key"))
    }

    @Test func aStateDirectoryThatHasADatabase_isNotOverwritten() async throws {
        let directory = try TemporaryDirectory()
        let (backup, _, _) = try await backedUp(in: directory)
        let state = directory.file("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: URL(fileURLWithPath: state + "/schedulerd.sqlite"))

        #expect {
            try BackupRestore(backupPath: backup, keyPath: nil, stateDirectory: state).run()
        } throws: { error in
            (error as? StoreCommandError)?.kind == .nonEmptyTarget && (error as? StoreCommandError)?.exitCode == 65
        }
        #expect(try String(contentsOfFile: state + "/schedulerd.sqlite", encoding: .utf8) == "precious")
    }

    @Test func aStateDirectoryADaemonRunsOn_isRefused() async throws {
        let directory = try TemporaryDirectory()
        let (backup, _, _) = try await backedUp(in: directory)
        let state = directory.file("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let lock = try StateDirectoryLock.acquire(stateDirectory: state)

        #expect {
            try BackupRestore(backupPath: backup, keyPath: nil, stateDirectory: state).run()
        } throws: { error in
            (error as? StoreCommandError)?.exitCode == 75
        }
        #expect(lock.path.hasSuffix(StateDirectoryLock.fileName), "held to the end")
    }

    @Test func aFileThatIsNotASchedulerdBackup_isRefused() async throws {
        let directory = try TemporaryDirectory()
        let other = directory.file("other.sqlite")
        try await DatabaseQueue(path: other).write { try $0.execute(sql: "CREATE TABLE notes (text TEXT)") }
        try BackupRestore.writePrivately(testKey(), to: other + ".key")

        #expect {
            try BackupRestore(backupPath: other, keyPath: nil, stateDirectory: directory.file("state")).run()
        } throws: { error in
            (error as? StoreCommandError)?.message.contains("not a schedulerd backup") == true
        }
    }
}
