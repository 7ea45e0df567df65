import ArgumentParser
import Foundation
import SchedulerCore

/// `schedctl backup FILE`: an online, consistent copy of the daemon's database in FILE and its credential key in
/// FILE.key, both 0600 and this user's, each written whole under a temporary name and renamed into place.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the daemon's database to FILE and its credential key to FILE.key, while it runs.",
        discussion: """
            The daemon copies its SQLite database with SQLite's backup API (one consistent snapshot; publishing \
            goes on) and streams it here; schedctl writes FILE and FILE.key, mode 0600. The key opens the \
            accounts' credentials in FILE: keep it apart from FILE (another disk, a password manager), and keep \
            both private. Media files (state_dir/media) are not included.

            Restore, with the daemon stopped, as its user:
              schedulerd store restore FILE --state-dir /var/lib/schedulerd

            A daemon on PostgreSQL refuses (exit 5): back that up with pg_dump and copy the key file.

            Examples:
              schedctl backup /srv/backups/schedulerd-$(date +%F).sqlite
              schedctl backup nightly.sqlite --force   # replaces nightly.sqlite and .key
            """)

    @Argument(help: ArgumentHelp("Where to write the database; the key goes to FILE.key.", valueName: "FILE"))
    var file: String

    @Flag(help: "Replace FILE and FILE.key if they exist.")
    var force = false

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let path = (file as NSString).expandingTildeInPath
        try Self.refuseDirectory(file, expanded: path)
        let keyPath = path + ".key"
        let directory = ((path as NSString).deletingLastPathComponent as NSString).expandingTildeInPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.isEmpty ? "." : directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError.badInput("the directory \(directory) does not exist; create it first or choose another FILE")
        }
        if !force {
            for existing in [path, keyPath] where FileManager.default.fileExists(atPath: existing) {
                throw CLIError(exitCode: ExitCodes.conflict, message: "\(existing) exists; choose another FILE, or replace it with --force")
            }
        }
        let client = options.client()
        // The key first: a daemon that cannot be backed up here (PostgreSQL) says so before anything is written.
        let key = try await client.sendRaw("GET", "/v1/backup/key", bytes: nil)
        let temporary = path + ".partial-\(getpid())"
        let keyTemporary = keyPath + ".partial-\(getpid())"
        defer { unlink(temporary); unlink(keyTemporary) }
        let size = try await Self.writing(temporary) { fd in try await client.download("POST", "/v1/backup", to: fd) }
        _ = try await Self.writing(keyTemporary) { fd in
            let written = key.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written == key.count else { throw Self.writeError(keyTemporary) }
            return written
        }
        guard Self.isSQLite(temporary) else {
            throw CLIError(exitCode: ExitCodes.failure, message: "schedulerd sent something that is not a SQLite database; nothing was written")
        }
        guard rename(temporary, path) == 0 else { throw Self.writeError(path) }
        guard rename(keyTemporary, keyPath) == 0 else {
            unlink(path)
            throw Self.writeError(keyPath)
        }
        if options.json {
            return try Output.json(BackupView(database: path, key: keyPath, bytes: size))
        }
        print("backed up the database to \(path) (\(Self.megabytes(size))) and the credential key to \(keyPath)")
        print("keep \((keyPath as NSString).lastPathComponent) apart from the database: it opens the accounts' credentials. "
            + "Restore with `schedulerd store restore \(path) --state-dir DIR` while the daemon is stopped")
    }

    /// Issue 25, bug 16: `backup DIR/` said "DIR exists; … replace it with --force", and --force then failed to
    /// replace a directory (exit 1). A directory is no FILE: say so, and name a file inside it.
    static func refuseDirectory(_ typed: String, expanded path: String) throws {
        var isDirectory: ObjCBool = false
        guard typed.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) else { return }
        let example = (path.hasSuffix("/") ? String(path.dropLast()) : path) + "/schedulerd-\(Self.today()).sqlite"
        throw CLIError.badInput("\(typed) is a directory; give the path of a file to write, such as \(example) (its key goes beside it, in FILE.key)")
    }

    /// Today's date, `2026-11-24`, for a file name.
    private static func today() -> String {
        let c = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }

    /// Opens `path` new and private (0600, this user's), runs `body` on it, and syncs it to disk.
    private static func writing(_ path: String, _ body: (Int32) async throws -> Int) async throws -> Int {
        unlink(path)
        let fd = open(path, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw writeError(path) }
        defer { close(fd) }
        let count = try await body(fd)
        guard fsync(fd) == 0 else { throw writeError(path) }
        return count
    }

    private static func writeError(_ path: String) -> CLIError {
        CLIError(exitCode: ExitCodes.failure, message: "cannot write \(path): \(String(cString: strerror(errno))); nothing was kept")
    }

    private static func isSQLite(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 16)) == Data("SQLite format 3\0".utf8)
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes < 1_048_576 ? "\(max(1, bytes / 1_024)) kB" : String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
}

/// `schedctl backup --json`.
struct BackupView: Codable {
    var database: String
    var key: String
    var bytes: Int
}
