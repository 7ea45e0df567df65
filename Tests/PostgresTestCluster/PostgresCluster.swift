import Foundation
import Synchronization

/// A throwaway PostgreSQL server for the tests, from the distribution's own binaries: a fresh cluster in a
/// temporary directory under /tmp, owned by a user other than root, reachable only through a Unix socket in
/// that directory (`listen_addresses=''`: nothing on TCP, so parallel runs and a machine's own server on
/// 5432 never meet), with password (SCRAM) authentication so the client's password path is exercised.
///
/// Most tests share one cluster per test process (`shared()`) and take a fresh database each; a test that
/// must restart or stop the server starts its own (`start()`). A cluster that cannot start throws an error
/// saying why, with the server log's last lines: the tests fail, they are never skipped.
public actor PostgresCluster {
    /// The temporary directory holding the cluster; also where the server's socket lives.
    public nonisolated let socketDirectory: String
    /// Names the socket file (`.s.PGSQL.<port>`); the server listens on no TCP port unless started with one.
    public nonisolated let port: Int
    /// `''` (the socket only), or `127.0.0.1` for a cluster started with a TCP port.
    private nonisolated let listenAddresses: String
    /// The superuser initdb created; the only role.
    public nonisolated let username: String
    public nonisolated let password: String
    /// A file (mode 0600, the test process's own) holding only the password.
    public nonisolated let passwordFile: String
    /// The cluster's files, owned by the server's user (never root).
    public nonisolated let dataDirectory: String
    /// The server's log, whose last lines come with any error about starting or stopping it.
    public nonisolated let logFile: String

    private let binaries: PostgresBinaries
    private let owner: ServerOwner
    private let isShared: Bool
    private var stopped = false
    private var watchdog: pid_t?
    private var databaseCount = 0

    private static let sharedCluster = Mutex<Task<PostgresCluster, any Error>?>(nil)

    /// The cluster this test process shares, started by the first caller; later callers wait for the same
    /// start, and see the same error when it failed. It is stopped when the process exits.
    public static func shared() async throws -> PostgresCluster {
        let start = sharedCluster.withLock { start in
            if let start { return start }
            let task = Task { try await launch(shared: true) }
            start = task
            return task
        }
        return try await start.value
    }

    /// A cluster of the caller's own, to restart or stop; stopped at process exit if the test does not. With `tcpPort`
    /// it also listens on 127.0.0.1 at that port (TLS off, as a server set up without certificates is).
    public static func start(tcpPort: Int? = nil) async throws -> PostgresCluster {
        try await launch(shared: false, tcpPort: tcpPort)
    }

    /// `postgresql://schedulerd@127.0.0.1:PORT/NAME` with `parameters` (`sslmode=disable`), for a cluster started with a
    /// TCP port; the password is not in it.
    public nonisolated func tcpURL(database: String, parameters: String = "") -> String {
        "postgresql://\(username)@127.0.0.1:\(port)/\(database)" + (parameters.isEmpty ? "" : "?" + parameters)
    }

    /// Creates an empty database named `<name>_<n>_<random>` (`test_…` without a name), unique in the
    /// cluster so tests running side by side never share one; the prefix must be a plain lowercase name.
    public func createDatabase(_ name: String? = nil) async throws -> PostgresTestDatabase {
        try checkRunning()
        let prefix = name ?? "test"
        guard prefix.count <= 40, prefix.first?.isLetter == true,
              prefix.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
        else { throw PostgresClusterError("database name prefix \(prefix.debugDescription) is not a plain lowercase name") }
        databaseCount += 1
        let database = "\(prefix)_\(databaseCount)_\(randomHex(bytes: 4))"
        let createdb = owner.command(binaries.path("createdb"), connectionArguments + ["--", database])
        let output = try await runCommand(createdb.executable, createdb.arguments, environment: clientEnvironment)
        guard output.succeeded else { throw PostgresClusterError("creating database \(database)", output) }
        return PostgresTestDatabase(name: database, url: url(database: database), passwordFile: passwordFile)
    }

    /// Runs `sql` with psql in `database` and returns the rows it printed: unaligned, tuples only, one row a
    /// line, without the last newline. Quiet (`-q`), so the statements' tags ("CREATE TABLE", "INSERT 0 1")
    /// stay out of the rows of the statements around them. Any SQL error throws, with psql's message.
    public func psql(_ sql: String, database: String) async throws -> String {
        try checkRunning()
        // As the test process itself, not the server's owner: the socket must be reachable by the client under test.
        let arguments = ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1"] + connectionArguments + ["-d", database, "-c", sql]
        let output = try await runCommand(binaries.path("psql"), arguments, environment: clientEnvironment)
        guard output.succeeded else { throw PostgresClusterError("psql in \(database)", output) }
        var text = output.stdout
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Restarts the server (fast shutdown: open connections are cut), with the same settings. Own clusters
    /// only: the shared one serves tests running at the same time.
    public func restart() async throws {
        try checkOwn("restart")
        try checkRunning()
        try await pgCtl("restarting the server", ["restart", "-m", "fast", "-w", "-t", "60", "-l", logFile, "-o", serverOptions])
    }

    /// Stops the server (fast shutdown) and removes its directory. Own clusters only; the shared one is
    /// stopped when the process exits.
    public func stop() async throws {
        try checkOwn("stop")
        guard !stopped else { return }
        try await pgCtl("stopping the server", ["stop", "-m", "fast", "-w", "-t", "60"])
        stopped = true
        ExitCleanup.unregister(directory: socketDirectory)
        if let watchdog { await ExitCleanup.endWatchdog(watchdog) }
        watchdog = nil
        try? FileManager.default.removeItem(atPath: socketDirectory)
    }

    // MARK: Starting

    private init(directory: String, password: String, passwordFile: String, binaries: PostgresBinaries, owner: ServerOwner, isShared: Bool,
                 tcpPort: Int? = nil) {
        socketDirectory = directory
        port = tcpPort ?? 5432
        listenAddresses = tcpPort == nil ? "''" : "127.0.0.1"
        username = "schedulerd"
        self.password = password
        self.passwordFile = passwordFile
        dataDirectory = (directory as NSString).appendingPathComponent("data")
        logFile = (directory as NSString).appendingPathComponent("server.log")
        self.binaries = binaries
        self.owner = owner
        self.isShared = isShared
    }

    private static func launch(shared: Bool, tcpPort: Int? = nil) async throws -> PostgresCluster {
        let binaries = try await PostgresBinaries.locate()
        let owner = try ServerOwner.forThisProcess()
        // Under /tmp itself, not $TMPDIR: the postgres user must be able to reach it, and a socket's path
        // must stay under 108 bytes.
        var template = Array("/tmp/schedulerd-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw PostgresClusterError("could not create a directory under /tmp: \(String(cString: strerror(errno)))")
        }
        let directory = String(cString: made)
        do {
            try owner.take(directory)
            chmod(directory, 0o700)
            let password = randomHex(bytes: 16)
            let passwordFile = (directory as NSString).appendingPathComponent("password")
            try writePrivateFile(passwordFile, password)
            let cluster = PostgresCluster(directory: directory, password: password, passwordFile: passwordFile,
                                          binaries: binaries, owner: owner, isShared: shared, tcpPort: tcpPort)
            try await cluster.initialize()
            try await cluster.startServer()
            return cluster
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    /// initdb: superuser `schedulerd` with the random password, SCRAM for local and host connections.
    private func initialize() async throws {
        // initdb reads the password as the server's owner, who cannot read the test process's 0600 file.
        let initdbPasswordFile = (socketDirectory as NSString).appendingPathComponent("initdb-password")
        try writePrivateFile(initdbPasswordFile, password)
        try owner.take(initdbPasswordFile)
        defer { try? FileManager.default.removeItem(atPath: initdbPasswordFile) }
        let initdb = owner.command(binaries.path("initdb"), [
            "-D", dataDirectory, "-U", username, "-E", "UTF8", "--locale=C.UTF-8",
            "--auth-local=scram-sha-256", "--auth-host=scram-sha-256", "--pwfile=\(initdbPasswordFile)",
            "--no-sync", "--no-instructions",
        ])
        let output = try await runCommand(initdb.executable, initdb.arguments, environment: serverEnvironment)
        guard output.succeeded else { throw PostgresClusterError("initdb", output) }
    }

    /// pg_ctl start, waiting until the server accepts connections; the cleanup at exit is in place first,
    /// so a server that started but never became ready is stopped as well.
    private func startServer() async throws {
        let stop = stopCommand
        ExitCleanup.register(directory: socketDirectory, stop: stop)
        watchdog = try? ExitCleanup.watchdog(directory: socketDirectory, stop: stop)
        do {
            try await pgCtl("starting the server", ["start", "-w", "-t", "60", "-l", logFile, "-o", serverOptions])
        } catch {
            let immediate = owner.command(binaries.path("pg_ctl"), ["-D", dataDirectory, "stop", "-m", "immediate"])
            _ = try? await runCommand(immediate.executable, immediate.arguments, environment: serverEnvironment)
            ExitCleanup.unregister(directory: socketDirectory)
            if let watchdog { await ExitCleanup.endWatchdog(watchdog) }
            throw error
        }
    }

    // MARK: Commands

    /// The server's settings, for pg_ctl's `-o` (read by a shell): socket only, in our directory; no
    /// durability, which a throwaway cluster does not need; connections for tests running side by side;
    /// `pg_stat_statements` loaded, with planning timed, so `make bench-cluster` can count the statements each delivery
    /// costs and say where PostgreSQL's time goes.
    private var serverOptions: String {
        "-k \(shellQuoted(socketDirectory)) -c listen_addresses=\(listenAddresses) -p \(port) "
            + "-c fsync=off -c full_page_writes=off -c max_connections=400 -c shared_preload_libraries=pg_stat_statements "
            + "-c pg_stat_statements.track_planning=on"
    }

    private var stopCommand: [String] {
        let command = owner.command(binaries.path("pg_ctl"), ["-D", dataDirectory, "stop", "-m", "immediate"])
        return [command.executable] + command.arguments
    }

    private func pgCtl(_ step: String, _ arguments: [String]) async throws {
        let command = owner.command(binaries.path("pg_ctl"), ["-D", dataDirectory] + arguments)
        let output = try await runCommand(command.executable, command.arguments, environment: serverEnvironment)
        guard output.succeeded else { throw PostgresClusterError(step, output, serverLog: logFile) }
    }

    private var connectionArguments: [String] {
        ["-h", socketDirectory, "-p", String(port), "-U", username, "-w"]
    }

    /// Our environment without the PG variables a developer's shell may carry (PGHOST, PGDATA, PGOPTIONS…),
    /// which would point the commands elsewhere.
    private var serverEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
    }

    private var clientEnvironment: [String: String] {
        serverEnvironment.merging(["PGPASSWORD": password, "PGCONNECT_TIMEOUT": "10"]) { $1 }
    }

    /// libpq's form for a socket: an empty host, the socket's directory in the `host` parameter.
    private func url(database: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "/-._~"))
        let host = socketDirectory.addingPercentEncoding(withAllowedCharacters: allowed) ?? socketDirectory
        return "postgresql://\(username)@/\(database)?host=\(host)&port=\(port)"
    }

    private func checkRunning() throws {
        if stopped { throw PostgresClusterError("the cluster in \(socketDirectory) was stopped") }
    }

    private func checkOwn(_ action: String) throws {
        if isShared {
            throw PostgresClusterError("the shared cluster serves tests running side by side and cannot \(action); "
                                           + "use PostgresCluster.start() for a cluster of your own")
        }
    }
}

/// A fresh database in a test cluster, and how a client reaches it.
public struct PostgresTestDatabase: Sendable {
    public let name: String
    /// `postgresql://schedulerd@/NAME?host=<socket directory>&port=<port>`; the password is not in it.
    public let url: String
    /// The file holding the password (mode 0600).
    public let passwordFile: String
}

private func randomHex(bytes: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<bytes).map { _ in
        let byte = UInt8.random(in: 0...255, using: &generator)
        return String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
    }.joined()
}

/// Writes `text` to a new file created with mode 0600, owned by this process's user.
private func writePrivateFile(_ path: String, _ text: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw PostgresClusterError("could not create \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    guard write(fd, bytes, bytes.count) == bytes.count else {
        throw PostgresClusterError("could not write \(path): \(String(cString: strerror(errno)))")
    }
}
