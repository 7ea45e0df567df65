import Foundation
import GRDB
import SchedulerServices

/// `schedulerd store restore FILE --state-dir DIR`: puts a `schedctl backup` (FILE and FILE.key) in place as a state
/// directory's database and credential key, with no daemon running there.
///
/// Everything is checked before anything is written: the file is a sound schedulerd database (`quick_check`), the key
/// opens every account's credentials in it, the directory is not in use and holds no database. The database goes in
/// as a temporary file renamed into place, so a failure leaves the directory as it was.
package struct BackupRestore: Sendable {
    package var backupPath: String
    package var keyPath: String
    package var stateDirectory: String

    package init(backupPath: String, keyPath: String?, stateDirectory: String) {
        self.backupPath = backupPath
        self.keyPath = keyPath ?? backupPath + ".key"
        self.stateDirectory = stateDirectory
    }

    /// What was restored, for the person to check.
    package struct Report: Sendable {
        package var posts: Int
        package var accounts: Int
        /// Media files pending posts need that are not in the state directory's `media/` (the backup holds no media).
        package var missingMedia: Int
    }

    package func run() throws(StoreCommandError) -> Report {
        guard FileManager.default.fileExists(atPath: keyPath) else {
            throw StoreCommandError(.configuration, "\(keyPath) does not exist: give the key file `schedctl backup` wrote beside the database with --key "
                + "(without it the accounts' credentials cannot be opened). Nothing was changed")
        }
        let key: [UInt8]
        let vault: CredentialVault
        do throws(CredentialVaultError) {
            key = try KeyFile.read(keyPath)
            vault = try CredentialVault(key: key)
        } catch {
            throw StoreCommandError(.configuration, "\(keyPath) is not a schedulerd credential key: \(error.message)")
        }
        let source = try openBackup()
        let (posts, accounts) = try check(source, vault: vault)
        try prepareStateDirectory()
        let lock: StateDirectoryLock
        do throws(StateDirectoryLockError) { lock = try StateDirectoryLock.acquire(stateDirectory: stateDirectory) } catch {
            throw StoreCommandError(error.kind == .held ? .inUse : .failed, error.message)
        }
        defer { withExtendedLifetime(lock) {} }
        let databasePath = (stateDirectory as NSString).appendingPathComponent("schedulerd.sqlite")
        let keyTarget = (stateDirectory as NSString).appendingPathComponent("credentials.key")
        for leftover in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: databasePath + leftover) {
            throw StoreCommandError(.nonEmptyTarget, "\(databasePath + leftover) exists: the state directory already has a database. Restore into an "
                + "empty state directory, or move the old database (and its -wal and -shm files) aside first. Nothing was changed")
        }
        let keyIsThere = FileManager.default.fileExists(atPath: keyTarget)
        if keyIsThere, (try? KeyFile.read(keyTarget)) != key {
            throw StoreCommandError(.nonEmptyTarget, "\(keyTarget) exists and is another key than \(keyPath); move it aside first. Nothing was changed")
        }
        try copy(source, to: databasePath)
        if !keyIsThere {
            do { try Self.writePrivately(key, to: keyTarget) } catch {
                unlink(databasePath)
                throw StoreCommandError(.failed, "cannot write \(keyTarget): \(error); the restored database was removed again")
            }
        }
        Self.syncDirectory(stateDirectory)
        return Report(posts: posts, accounts: accounts, missingMedia: missingMedia(source))
    }

    private func openBackup() throws(StoreCommandError) -> DatabaseQueue {
        guard FileManager.default.fileExists(atPath: backupPath) else {
            throw StoreCommandError(.configuration, "\(backupPath) does not exist; give the file `schedctl backup FILE` wrote")
        }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            return try DatabaseQueue(path: backupPath, configuration: configuration)
        } catch {
            throw StoreCommandError(.unusableSource, "\(backupPath) cannot be opened as a SQLite database: \(error)")
        }
    }

    /// The backup is sound, is schedulerd's, and its credentials open with the key; returns its posts and accounts.
    private func check(_ source: DatabaseQueue, vault: CredentialVault) throws(StoreCommandError) -> (Int, Int) {
        do {
            return try source.read { db throws in
                let verdict = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard verdict == ["ok"] else {
                    throw StoreCommandError(.unusableSource, "\(backupPath) is damaged (SQLite's quick_check: \(verdict.prefix(3).joined(separator: "; "))); "
                        + "use another backup")
                }
                guard try db.tableExists("grdb_migrations"), try db.tableExists("account"), try db.tableExists("delivery") else {
                    throw StoreCommandError(.unusableSource, "\(backupPath) is a SQLite database but not a schedulerd backup")
                }
                for row in try Row.fetchAll(db, sql: "SELECT id, sealed_credentials FROM account WHERE sealed_credentials IS NOT NULL AND status != 'revoked'") {
                    let accountID: Int64 = row["id"]
                    do { _ = try vault.open(Array(row["sealed_credentials"] as Data), accountID: accountID) } catch {
                        throw StoreCommandError(.unusableSource, "\(keyPath) does not open the credentials in \(backupPath) (account \(accountID)): "
                            + "it is not the key this backup was made with. Give the key written beside it with --key")
                    }
                }
                return (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM post") ?? 0, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM account") ?? 0)
            }
        } catch let error as StoreCommandError {
            throw error
        } catch {
            throw StoreCommandError(.unusableSource, "\(backupPath) cannot be read as a schedulerd backup: \(error)")
        }
    }

    private func prepareStateDirectory() throws(StoreCommandError) {
        do throws(StateDirectoryError) { try StateDirectory.prepare(stateDirectory) } catch {
            throw StoreCommandError(.failed, error.message)
        }
    }

    /// SQLite's backup API into a temporary file (0600), renamed into place once whole.
    private func copy(_ source: DatabaseQueue, to path: String) throws(StoreCommandError) {
        let temporary = path + ".restoring"
        unlink(temporary)
        let mask = umask(0o077)
        defer { umask(mask) }
        do {
            let destination = try DatabaseQueue(path: temporary)
            try source.backup(to: destination)
            try destination.close()
            guard rename(temporary, path) == 0 else { throw StoreCommandError(.failed, "cannot rename \(temporary): \(String(cString: strerror(errno)))") }
        } catch {
            unlink(temporary)
            throw error as? StoreCommandError ?? StoreCommandError(.failed, "cannot copy \(backupPath) into \(path): \(error); nothing was kept")
        }
    }

    /// Media files of posts still to go out, missing from this state directory's `media/`.
    private func missingMedia(_ source: DatabaseQueue) -> Int {
        let directory = (stateDirectory as NSString).appendingPathComponent("media")
        let paths = (try? source.read { db in
            try String.fetchAll(db, sql: """
                SELECT DISTINCT m.path FROM post_media m WHERE EXISTS (
                    SELECT 1 FROM delivery d WHERE d.post_id = m.post_id AND d.state IN ('draft', 'scheduled', 'retrying', 'publishing'))
                """)
        }) ?? []
        return paths.filter { !FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(($0 as NSString).lastPathComponent)) }.count
    }

    package static func writePrivately(_ bytes: [UInt8], to path: String) throws {
        let temporary = path + ".restoring"
        unlink(temporary)
        let fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    package static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
