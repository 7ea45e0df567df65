import Foundation
import GRDB
import Testing

/// A daemon that runs for months under systemd will one day meet a configuration with a typo, a disk that
/// lost half a file, or a state directory restored from the wrong machine. Then it must stop at once with
/// one readable paragraph naming the file, the problem and what to do, exit with its documented status (78
/// for configuration, 74 for the database), never crash with a backtrace, and never "repair" anything by
/// resetting or re-creating it: each file is checked to be byte for byte what it was.
@Suite(.serialized) struct CorruptStateTests {
    /// How long a refusing daemon may take to exit.
    static let exitDeadline: Duration = .seconds(15)

    struct ConfigCase: CustomTestStringConvertible, Sendable {
        var name: String
        /// The file's bytes; nil makes the path a directory.
        var bytes: [UInt8]?
        /// What the error must say besides the file's path.
        var mentions: [String]
        var unreadable = false
        var testDescription: String { name }
    }

    static let configCases: [ConfigCase] = [
        ConfigCase(name: "syntax error", bytes: Array("sandbox = true\n[engine\nmax_attempts = 3\n".utf8), mentions: [":2:"]),
        ConfigCase(name: "value missing", bytes: Array("timezone =\n".utf8), mentions: [":1:"]),
        ConfigCase(name: "wrong type", bytes: Array("sandbox = \"yes\"\n".utf8), mentions: ["sandbox", "expected true or false"]),
        ConfigCase(name: "wrong type in a table", bytes: Array("[engine]\nmax_attempts = \"eight\"\n".utf8), mentions: ["engine.max_attempts", "integer"]),
        ConfigCase(name: "unknown key", bytes: Array("sandbox = true\nsandbx = false\n".utf8), mentions: ["unknown key 'sandbx'"]),
        ConfigCase(name: "log format unknown", bytes: Array("log_format = \"xml\"\n".utf8), mentions: ["log_format", "'xml' is not text or json"]),
        ConfigCase(name: "binary garbage", bytes: seededBytes(4_096, seed: 78), mentions: ["not UTF-8"]),
        ConfigCase(name: "NUL bytes", bytes: [0, 0, 0x73, 0x61, 0, 0x3D, 0x31, 0x0A], mentions: ["binary data"]),
        ConfigCase(name: "text then binary", bytes: Array("sandbox = true\n".utf8) + [0] + seededBytes(64, seed: 3).map { $0 & 0x7F }, mentions: ["binary data"]),
        ConfigCase(name: "a directory", bytes: nil, mentions: ["is a directory"]),
        ConfigCase(name: "unreadable", bytes: Array("sandbox = true\n".utf8), mentions: ["Permission denied"], unreadable: true),
    ]

    @Test(arguments: configCases)
    func corruptConfiguration_isRefusedAtStartAndByCheckConfig_withTheFileLeftAsItWas(_ entry: ConfigCase) async throws {
        if entry.unreadable && geteuid() == 0 {
            print("skipping '\(entry.name)': root reads a mode-000 file anyway")
            return
        }
        let directory = TemporaryDirectory("badconfig")
        let path = directory.file("schedulerd.toml")
        if let bytes = entry.bytes {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        } else {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        if entry.unreadable { chmod(path, 0) }
        defer { chmod(path, 0o600) }
        let before = Snapshot(path)

        let check = try await Self.runSchedulerd(["--check-config", "--config", path], in: directory, name: "check")
        Self.expectRefusal(check, status: 78, naming: path, mentions: entry.mentions + ["--check-config"], entry.name)
        #expect(!check.stdout.contains("configuration OK"), "\(entry.name): --check-config must not say OK")

        let start = try await Self.runSchedulerd(["--sandbox", "--state-dir", directory.file("state"), "--config", path], in: directory, name: "start")
        Self.expectRefusal(start, status: 78, naming: path, mentions: entry.mentions, entry.name)
        #expect(!FileManager.default.fileExists(atPath: directory.file("state/schedulerd.sqlite")), "\(entry.name): nothing was started")
        #expect(Snapshot(path) == before, "\(entry.name): the configuration file is untouched")
    }

    @Test func databaseThatIsGarbage_orADirectory_orAnotherProgramsDatabase_isRefused_andLeftAsItWas() async throws {
        let garbage = try Self.stateDirectory("garbage") { database in
            try Data(Self.seededBytes(65_536, seed: 74)).write(to: URL(fileURLWithPath: database))
        }
        try await Self.expectDatabaseRefused(garbage, mentions: ["not a database", "backup"], "garbage bytes")

        let sqliteHeaderThenGarbage = try Self.stateDirectory("header") { database in
            try Data(Array("SQLite format 3\0".utf8) + Self.seededBytes(32_768, seed: 75)).write(to: URL(fileURLWithPath: database))
        }
        try await Self.expectDatabaseRefused(sqliteHeaderThenGarbage, mentions: ["backup"], "an SQLite header followed by garbage")

        let directory = try Self.stateDirectory("dbdir") { database in
            try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: false)
        }
        try await Self.expectDatabaseRefused(directory, mentions: ["Is a directory", "move that directory aside"], "a directory")

        let foreign = try Self.stateDirectory("foreign") { database in
            let queue = try DatabaseQueue(path: database)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT); INSERT INTO moz_places (url) VALUES ('https://example.com')")
            }
            try queue.close()
        }
        try await Self.expectDatabaseRefused(foreign, mentions: ["not a schedulerd one", "--state-dir"], "another program's database")
    }

    @Test func databaseTruncatedOrDamagedOrFromTheFuture_isRefused_andLeftAsItWas() async throws {
        let original = try await Self.populatedState()

        let truncated = try Self.stateDirectory("truncated", from: original) { database in
            let size = try #require(try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int)
            let handle = try #require(FileHandle(forUpdatingAtPath: database))
            try handle.truncate(atOffset: UInt64(size / 2))
            try handle.close()
        }
        try await Self.expectDatabaseRefused(truncated, mentions: ["backup"], "truncated to half its size")

        let damaged = try Self.stateDirectory("damaged", from: original) { database in
            // Overwrite the middle of the posts table's root page: SQLite opens the file, the integrity check does not pass.
            let (rootPage, pageSize) = try DatabaseQueue(path: database).read { db in
                (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'post'") ?? 2,
                 try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4_096)
            }
            let handle = try #require(FileHandle(forUpdatingAtPath: database))
            try handle.seek(toOffset: UInt64((rootPage - 1) * pageSize + 8))
            try handle.write(contentsOf: Data(Self.seededBytes(pageSize - 16, seed: 11)))
            try handle.close()
        }
        try await Self.expectDatabaseRefused(damaged, mentions: ["damaged", "backup"], "a damaged page")

        let future = try Self.stateDirectory("future", from: original) { database in
            let queue = try DatabaseQueue(path: database)
            try queue.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from a newer schedulerd')")
            }
            try queue.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            try queue.close()
        }
        try await Self.expectDatabaseRefused(future, mentions: ["newer schedulerd", "v99: from a newer schedulerd"], "from a newer version")

        // The untouched copy still starts: the checks refuse damage, not a database that has data in it.
        let intact = try Self.stateDirectory("intact", from: original) { _ in }
        let daemon = try ChildProcess(Products.path("schedulerd"), ["--sandbox", "--state-dir", intact.path],
                                      logDirectory: intact.directory.path, name: "intact")
        try await eventually("the intact copy to start") {
            guard daemon.process.isRunning else { throw E2EError("the intact copy did not start: \(daemon.stderr)") }
            return try Schedctl.run(["status"], socket: intact.path + "/control.sock").status == 0
        }
        #expect(try Schedctl.run(["list", "--state", "all", "--json"], socket: intact.path + "/control.sock").stdout.contains("Stored before"))
        daemon.signal(SIGTERM)
        #expect(try await daemon.waitForExit() == 0)
    }

    struct KeyCase: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]?
        var mentions: [String]
        var testDescription: String { name }
    }

    static let keyCases: [KeyCase] = [
        KeyCase(name: "too short", bytes: seededBytes(17, seed: 1), mentions: ["found 17"]),
        KeyCase(name: "empty", bytes: [], mentions: ["found 0"]),
        KeyCase(name: "too long", bytes: seededBytes(64, seed: 2), mentions: ["found 64"]),
        KeyCase(name: "text instead of a key", bytes: Array("-----BEGIN PRIVATE KEY-----\nMIIE\n".utf8), mentions: ["expected 32 bytes"]),
        KeyCase(name: "a directory", bytes: nil, mentions: ["is a directory"]),
    ]

    @Test(arguments: keyCases)
    func corruptCredentialKey_isRefused_andNeverReplaced(_ entry: KeyCase) async throws {
        let directory = TemporaryDirectory("badkey")
        let state = directory.file("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let key = (state as NSString).appendingPathComponent("credentials.key")
        if let bytes = entry.bytes {
            try Data(bytes).write(to: URL(fileURLWithPath: key))
        } else {
            try FileManager.default.createDirectory(atPath: key, withIntermediateDirectories: false)
        }
        let before = Snapshot(key)
        let run = try await Self.runSchedulerd(["--sandbox", "--state-dir", state], in: directory, name: "start")
        Self.expectRefusal(run, status: 78, naming: key, mentions: entry.mentions + ["backup", "relink"], entry.name)
        #expect(Snapshot(key) == before, "\(entry.name): the key file is untouched")
    }

    /// Issue 25, bug 11: a state directory that cannot be used exits 74, as the README's table says (it exited 78, the
    /// configuration's code), with the system's reason and nothing created.
    @Test func stateDirectoryThatIsAFileOrUnderOne_orUncreatable_exits74_sayingWhy() async throws {
        let directory = TemporaryDirectory("bad-state-dir")
        let file = directory.file("not-a-directory")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let cases: [(String, String, [String])] = [
            ("a file", file, ["is a file, not a directory", "--state-dir"]),
            ("under a file", file + "/state", ["cannot create the state directory", "is a file, not a directory"]),
            ("under a missing process entry", "/proc/no-such-process/state", ["cannot create the state directory", "No such file or directory"]),
        ]
        for (name, path, mentions) in cases {
            let run = try await Self.runSchedulerd(["--sandbox", "--state-dir", path], in: directory, name: name.replacingOccurrences(of: " ", with: "-"))
            Self.expectRefusal(run, status: 74, naming: path, mentions: mentions, name)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasSuffix(".log") && !$0.hasPrefix("a-") && !$0.hasPrefix("under") }
                    == ["not-a-directory"], "nothing was created beside the file")
    }

    // MARK: - Helpers

    /// What a finished `schedulerd` left behind.
    struct Run {
        var status: Int32
        var reason: Process.TerminationReason
        var stdout: String
        var stderr: String
    }

    /// Runs `schedulerd` and waits for it to exit; one still running after the deadline fails the test (it started
    /// on a file it should have refused) and is killed.
    static func runSchedulerd(_ arguments: [String], in directory: TemporaryDirectory, name: String) async throws -> Run {
        let child = try ChildProcess(Products.path("schedulerd"), arguments, logDirectory: directory.path, name: name)
        do {
            try await child.waitForExit(timeout: exitDeadline)
        } catch {
            child.signal(SIGKILL)
            throw E2EError("schedulerd \(arguments.joined(separator: " ")) was still running after \(exitDeadline): \(child.stderr)")
        }
        return Run(status: child.process.terminationStatus, reason: child.process.terminationReason, stdout: child.stdout, stderr: child.stderr)
    }

    /// The refusal every case must produce: the documented status, by exit (not a signal), one paragraph on
    /// stderr naming the file and the problem, and no crash report.
    static func expectRefusal(_ run: Run, status: Int32, naming path: String, mentions: [String], _ name: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.reason == .exit, "\(name): ended by signal \(run.status): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.status == status, "\(name): exit status \(run.status), expected \(status): \(run.stderr)", sourceLocation: sourceLocation)
        let message = run.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        print("  \(name): \(message)")
        #expect(message.hasPrefix("schedulerd: "), "\(name): stderr is the daemon's own message: \(message)", sourceLocation: sourceLocation)
        #expect(!message.contains("\n\n") && message.split(separator: "\n").count <= 2,
                "\(name): one paragraph, not a dump: \(message)", sourceLocation: sourceLocation)
        #expect(message.contains(path), "\(name): the message names \(path): \(message)", sourceLocation: sourceLocation)
        for word in mentions {
            #expect(message.contains(word), "\(name): the message says '\(word)': \(message)", sourceLocation: sourceLocation)
        }
        for crash in ["Fatal error", "Crash", "Backtrace", "Stack dump", "Error: "] {
            #expect(!run.stderr.contains(crash), "\(name): no crash report ('\(crash)'): \(run.stderr)", sourceLocation: sourceLocation)
        }
    }

    /// A state directory whose database `prepare` makes (from nothing, or from a copy of `original`).
    struct StateDirectory {
        let directory: TemporaryDirectory
        var path: String { directory.file("state") }
        var database: String { (path as NSString).appendingPathComponent("schedulerd.sqlite") }
    }

    static func stateDirectory(_ label: String, from original: StateDirectory? = nil, _ prepare: (String) throws -> Void) throws -> StateDirectory {
        let state = StateDirectory(directory: TemporaryDirectory(label))
        try FileManager.default.createDirectory(atPath: state.path, withIntermediateDirectories: true)
        if let original {
            for name in ["schedulerd.sqlite", "credentials.key"] {
                try FileManager.default.copyItem(atPath: (original.path as NSString).appendingPathComponent(name),
                                                 toPath: (state.path as NSString).appendingPathComponent(name))
            }
        }
        try prepare(state.database)
        return state
    }

    static func expectDatabaseRefused(_ state: StateDirectory, mentions: [String], _ name: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let before = Snapshot(state.database)
        let run = try await runSchedulerd(["--sandbox", "--state-dir", state.path], in: state.directory, name: "start")
        expectRefusal(run, status: 74, naming: state.database, mentions: mentions, name, sourceLocation: sourceLocation)
        #expect(Snapshot(state.database) == before, "\(name): the database is byte for byte what it was", sourceLocation: sourceLocation)
    }

    /// A real database with an account and forty posts, made by the daemon and stopped cleanly.
    static func populatedState() async throws -> StateDirectory {
        let daemon = try DaemonUnderTest("populated")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "runner")
        for index in 1...40 {
            _ = try daemon.schedule("Stored before the damage, number \(index): " + String(repeating: "long run ", count: 20),
                                    to: account.reference, at: "in 2h")
        }
        #expect(try await daemon.stop() == 0)
        let state = StateDirectory(directory: TemporaryDirectory("original"))
        try FileManager.default.createDirectory(atPath: state.path, withIntermediateDirectories: true)
        for name in ["schedulerd.sqlite", "credentials.key"] {
            try FileManager.default.copyItem(atPath: (daemon.stateDirectory as NSString).appendingPathComponent(name),
                                             toPath: (state.path as NSString).appendingPathComponent(name))
        }
        return state
    }

    /// Reproducible bytes that are neither text nor SQLite.
    static func seededBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }
}

/// A file's bytes and kind, to show nothing was rewritten, replaced or re-created.
struct Snapshot: Equatable {
    var isDirectory: Bool
    var bytes: Data?
    var inode: UInt64

    init(_ path: String) {
        var info = stat()
        let exists = lstat(path, &info) == 0
        isDirectory = exists && (info.st_mode & S_IFMT) == S_IFDIR
        inode = exists ? UInt64(info.st_ino) : 0
        bytes = isDirectory ? nil : FileManager.default.contents(atPath: path)
    }
}
