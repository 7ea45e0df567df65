import Foundation
import PostgresTestCluster

/// `make bench-cluster`: deliveries per second with one and with three daemons sharing one PostgreSQL database (a
/// throwaway server of Debian's, as the tests start it), against the same emulation, in one run, and their ratio; and,
/// as the baseline, one daemon on SQLite with the same burst. Each run has a fresh database and a fresh sandboxd, so
/// nothing carries over but the machine.
struct ClusterBench {
    let bin: String
    let posts: Int
    let perAccount: Int
    let work: String

    struct Figure {
        var daemons: Int
        var postgres: Bool
        var throughput: Double
        var latenessP99: Double
        /// How late single posts, each scheduled through the next daemon a few seconds ahead, reached the emulation.
        var wakeLateness: [Double]
        /// Statements PostgreSQL ran per delivery during the burst (`pg_stat_statements`), every daemon's.
        var statementsPerDelivery: Double?
        /// CPU per delivery, in microseconds: the daemons', and PostgreSQL's (every `postgres` process).
        var daemonCPU: Double
        var postgresCPU: Double?
        /// The statements that took PostgreSQL longest during the burst, with their counts and times.
        var longest: [String]
    }

    func run() async throws -> [String] {
        let cluster = try await PostgresCluster.start()
        defer { Task { try? await cluster.stop() } }
        let sqlite = try await measure(daemons: 1, cluster: nil)
        var figures: [Figure] = []
        for daemons in [1, 3] { figures.append(try await measure(daemons: daemons, cluster: cluster)) }
        var lines = ([sqlite] + figures).map(Self.line)
        for figure in figures {
            lines.append("the statements that took PostgreSQL longest during the burst with \(figure.daemons) daemon(s):")
            lines += figure.longest.map { "  " + $0 }
        }
        lines.append("ratio, 1 daemon on PostgreSQL to 1 on SQLite: \(String(format: "%.2f", figures[0].throughput / sqlite.throughput))")
        lines.append("ratio, 3 daemons to 1: \(String(format: "%.2f", figures[1].throughput / figures[0].throughput)) "
                     + "(this machine has \(ProcessInfo.processInfo.activeProcessorCount) cores shared by every daemon, sandboxd and PostgreSQL)")
        try? await cluster.stop()
        return lines
    }

    private static func line(_ figure: Figure) -> String {
        let store = figure.postgres ? "PostgreSQL" : "SQLite"
        let statements = figure.statementsPerDelivery.map { String(format: "%.1f statements per delivery, ", $0) } ?? ""
        let inPostgres = figure.postgresCPU.map { String(format: " and %.0f µs in PostgreSQL", $0) } ?? ""
        return "\(figure.daemons) daemon(s) on \(store): \(String(format: "%.0f", figure.throughput)) deliveries/s, "
            + "lateness p99 \(String(format: "%.0f", figure.latenessP99)) ms, \(statements)"
            + "CPU per delivery \(String(format: "%.0f", figure.daemonCPU)) µs in the daemons\(inPostgres); "
            + "single posts scheduled through each daemon in turn, lateness "
            + figure.wakeLateness.map { String(format: "%.0f", $0) }.joined(separator: ", ") + " ms"
    }

    /// One burst through `count` daemons on a fresh database of `cluster`, or through one daemon on SQLite without one.
    private func measure(daemons count: Int, cluster: PostgresCluster?) async throws -> Figure {
        let directory = work + (cluster == nil ? "/sqlite" : "/cluster-\(count)")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let database = try await cluster?.createDatabase()
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
        if let cluster, let database {
            // Counted from here: the burst's statements, not the scheduling's.
            _ = try await cluster.psql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()", database: database.name)
        }
        let cpuBefore = (daemons: processes.reduce(0) { $0 + cpuSeconds($1.process.processIdentifier) }, postgres: Self.postgresCPUSeconds())
        guard Date() < due else { throw BenchError("scheduling took past the due time; use fewer --posts") }
        let received = try await controls[0].waitForReceived(count: posts, textPrefix: "Cluster bench post ", deadline: due.addingTimeInterval(180)).map(\.at)
        var statements: Int?
        var longest: [String] = []
        if let cluster, let database {
            statements = try await statementCount(cluster, database: database.name)
            longest = try await cluster.psql("""
                SELECT calls || '×, ' || round((total_plan_time * 1000 / greatest(calls, 1))::numeric) || ' µs planning and '
                    || round((total_exec_time * 1000 / greatest(calls, 1))::numeric) || ' µs running each: '
                    || left(regexp_replace(query, '\\s+', ' ', 'g'), 70) FROM pg_stat_statements
                WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
                ORDER BY total_plan_time + total_exec_time DESC LIMIT 8
                """, database: database.name).split(separator: "\n").map(String.init)
        }
        let daemonCPU = processes.reduce(0) { $0 + cpuSeconds($1.process.processIdentifier) } - cpuBefore.daemons
        let postgresCPU = Self.postgresCPUSeconds() - cpuBefore.postgres
        let lateness = received.map { $0.timeIntervalSince(due) * 1000 }.sorted()
        let last = received.max()!
        return Figure(daemons: count, postgres: cluster != nil, throughput: Double(posts) / max(last.timeIntervalSince(due), 0.001),
                      latenessP99: lateness[min(lateness.count - 1, Int(Double(lateness.count) * 0.99))],
                      wakeLateness: try await wakeLateness(controls), statementsPerDelivery: statements.map { Double($0) / Double(posts) },
                      daemonCPU: daemonCPU / Double(posts) * 1_000_000,
                      postgresCPU: cluster == nil ? nil : postgresCPU / Double(posts) * 1_000_000,
                      longest: longest)
    }

    /// Daemon `index` of the run on the shared database, ready on its control socket.
    private func startDaemon(_ index: Int, directory: String, database: PostgresTestDatabase?, sandboxURL: String) async throws
        -> (BenchProcess, BenchControl) {
        let state = "\(directory)/state\(index)"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if index > 0 {
            // One credential key for every daemon sharing the database.
            try FileManager.default.copyItem(atPath: "\(directory)/state0/credentials.key", toPath: "\(state)/credentials.key")
        }
        let store = database.map { "[store]\nurl = \"\($0.url)\"\npassword_file = \"\($0.passwordFile)\"\n" } ?? ""
        let config = """
            sandbox = true
            state_dir = "\(state)"
            log_level = "warning"
            \(store)[networks.x]
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
