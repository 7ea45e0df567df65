import Foundation
import PostgresTestCluster

/// `make bench-cluster`: deliveries per second with one and with three daemons sharing one PostgreSQL database (a
/// throwaway server of Debian's, as the tests start it), against the same emulation, in one run, and their ratio.
/// Each run has a fresh database and a fresh sandboxd, so nothing carries over but the machine.
struct ClusterBench {
    let bin: String
    let posts: Int
    let perAccount: Int
    let work: String

    struct Figure {
        var daemons: Int
        var throughput: Double
        var latenessP99: Double
        /// How late single posts, each scheduled through the next daemon a few seconds ahead, reached the emulation.
        var wakeLateness: [Double]
        /// Statements PostgreSQL ran per delivery during the burst (`pg_stat_statements`), every daemon's.
        var statementsPerDelivery: Double
        /// CPU per delivery, in microseconds: the daemons', and PostgreSQL's (every `postgres` process).
        var daemonCPU: Double
        var postgresCPU: Double
        /// The statements run most often since the database was made, with their counts.
        var mostCalled: [String]
    }

    func run() async throws -> [String] {
        let cluster = try await PostgresCluster.start()
        defer { Task { try? await cluster.stop() } }
        var figures: [Figure] = []
        for daemons in [1, 3] { figures.append(try await measure(daemons: daemons, cluster: cluster)) }
        var lines = figures.map {
            "\($0.daemons) daemon(s): \(String(format: "%.0f", $0.throughput)) deliveries/s, lateness p99 \(String(format: "%.0f", $0.latenessP99)) ms, "
                + "\(String(format: "%.1f", $0.statementsPerDelivery)) statements per delivery, CPU per delivery \(String(format: "%.0f", $0.daemonCPU)) µs in "
                + "the daemons and \(String(format: "%.0f", $0.postgresCPU)) µs in PostgreSQL; "
                + "single posts scheduled through each daemon in turn, lateness "
                + $0.wakeLateness.map { String(format: "%.0f", $0) }.joined(separator: ", ") + " ms"
        }
        for figure in figures {
            lines.append("the statements run most often with \(figure.daemons) daemon(s), since the database was made:")
            lines += figure.mostCalled.map { "  " + $0 }
        }
        lines.append("ratio, 3 daemons to 1: \(String(format: "%.2f", figures[1].throughput / figures[0].throughput)) "
                     + "(this machine has \(ProcessInfo.processInfo.activeProcessorCount) cores shared by every daemon, sandboxd and PostgreSQL)")
        try? await cluster.stop()
        return lines
    }

    private func measure(daemons count: Int, cluster: PostgresCluster) async throws -> Figure {
        let directory = work + "/cluster-\(count)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let database = try await cluster.createDatabase()
        let sandbox = try BenchProcess(bin + "/sandboxd", ["--port", "0", "--log-level", "error"], directory: directory, name: "sandboxd")
        defer { sandbox.stop() }
        let sandboxURL = String(try await sandbox.waitForLine(prefix: "sandboxd listening ").split(separator: " ")[2])
        var processes: [BenchProcess] = []
        defer { for process in processes { process.stop() } }
        var controls: [BenchControl] = []
        for index in 0..<count {
            let (process, control) = try await startDaemon(index, directory: directory, database: database, sandboxURL: sandboxURL)
            processes.append(process)
            controls.append(control)
        }
        let due = try await scheduleBurst(through: controls)
        try await cluster.psql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements", database: database.name)
        let statementsBefore = try await statementCount(cluster, database: database.name)
        let cpuBefore = (daemons: processes.reduce(0) { $0 + cpuSeconds($1.process.processIdentifier) }, postgres: Self.postgresCPUSeconds())
        guard Date() < due else { throw BenchError("scheduling took past the due time; use fewer --posts") }
        let received = try await controls[0].waitForReceived(count: posts, textPrefix: "Cluster bench post ", deadline: due.addingTimeInterval(180)).map(\.at)
        let statements = try await statementCount(cluster, database: database.name) - statementsBefore
        let mostCalled = try await cluster.psql("""
            SELECT calls || '× ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 90) FROM pg_stat_statements
            WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY calls DESC LIMIT 6
            """, database: database.name).split(separator: "\n").map(String.init)
        let daemonCPU = processes.reduce(0) { $0 + cpuSeconds($1.process.processIdentifier) } - cpuBefore.daemons
        let postgresCPU = Self.postgresCPUSeconds() - cpuBefore.postgres
        let lateness = received.map { $0.timeIntervalSince(due) * 1000 }.sorted()
        let last = received.max()!
        return Figure(daemons: count, throughput: Double(posts) / max(last.timeIntervalSince(due), 0.001),
                      latenessP99: lateness[min(lateness.count - 1, Int(Double(lateness.count) * 0.99))],
                      wakeLateness: try await wakeLateness(controls), statementsPerDelivery: Double(statements) / Double(posts),
                      daemonCPU: daemonCPU / Double(posts) * 1_000_000, postgresCPU: postgresCPU / Double(posts) * 1_000_000,
                      mostCalled: mostCalled)
    }

    /// Daemon `index` of the run on the shared database, ready on its control socket.
    private func startDaemon(_ index: Int, directory: String, database: PostgresTestDatabase, sandboxURL: String) async throws
        -> (BenchProcess, BenchControl) {
        let state = "\(directory)/state\(index)"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if index > 0 {
            // One credential key for every daemon sharing the database.
            try FileManager.default.copyItem(atPath: "\(directory)/state0/credentials.key", toPath: "\(state)/credentials.key")
        }
        let config = """
            sandbox = true
            state_dir = "\(state)"
            log_level = "warning"
            [store]
            url = "\(database.url)"
            password_file = "\(database.passwordFile)"
            [networks.x]
            api_base_url = "\(sandboxURL)"
            """
        try config.write(toFile: "\(directory)/schedulerd\(index).toml", atomically: true, encoding: .utf8)
        let process = try BenchProcess(bin + "/schedulerd", ["--config", "\(directory)/schedulerd\(index).toml"], directory: directory,
                                       name: "schedulerd\(index)")
        let control = BenchControl(socket: state + "/control.sock", sandboxURL: sandboxURL)
        try await control.waitUntilReady()
        return (process, control)
    }

    /// Schedules the burst's posts through the daemons in turn, from 8 clients, all due at one instant; that instant.
    private func scheduleBurst(through controls: [BenchControl]) async throws -> Date {
        let accountCount = (posts + perAccount - 1) / perAccount
        var accounts: [String] = []
        for index in 0..<accountCount { accounts.append(try await controls[0].addAccount(username: "cluster\(index)")) }
        let targets = accounts
        let due = Date().addingTimeInterval(max(5, Double(posts) / 150 + 3)).rounded()
        let posts = posts
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in stride(from: worker, to: posts, by: 8) {
                        try await controls[index % controls.count].schedule(text: "Cluster bench post \(index) \(UUID().uuidString.prefix(8))",
                                                                            account: targets[index % accountCount], at: due)
                    }
                }
            }
            try await group.waitForAll()
        }
        return due
    }

    /// With nothing else due: one post at a time, scheduled through the next daemon two to three seconds ahead, so
    /// whichever daemon claims it was woken by another's NOTIFY (or, with one daemon, by its own schedule).
    private func wakeLateness(_ controls: [BenchControl]) async throws -> [Double] {
        let account = try await controls[0].addAccount(username: "wake")
        var lateness: [Double] = []
        for round in 0..<6 {
            let due = Date().addingTimeInterval(2).rounded()
            let text = "Wake-up post \(round) \(UUID().uuidString.prefix(8))"
            try await controls[round % controls.count].schedule(text: text, account: account, at: due)
            let received = try await controls[0].waitForReceived(text: text, deadline: due.addingTimeInterval(30))
            lateness.append(received.timeIntervalSince(due) * 1000)
        }
        return lateness
    }

    /// Statements the database has run so far, as `pg_stat_statements` counts them.
    private func statementCount(_ cluster: PostgresCluster, database: String) async throws -> Int {
        let text = try await cluster.psql("""
            SELECT COALESCE(sum(calls), 0) FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
            """, database: database)
        guard let count = Int(text.trimmingCharacters(in: .whitespaces)) else { throw BenchError("pg_stat_statements answered \(text)") }
        return count
    }

    /// The CPU every `postgres` process on the machine has used so far (the bench's own cluster: nothing else runs one).
    static func postgresCPUSeconds() -> Double {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.compactMap(Int32.init).reduce(0) { total, pid in
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            return name.hasPrefix("postgres") ? total + cpuSeconds(pid) : total
        }
    }
}
