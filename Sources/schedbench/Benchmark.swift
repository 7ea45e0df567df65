import ArgumentParser
import Foundation
import HTTPClient
import SchedulerCore

/// `make bench`: schedules posts due at one instant across sandbox accounts and measures how late
/// each reached the emulation (p50, p99, max) and how many deliveries per second went out.
@main
struct Benchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "schedbench", abstract: "Due-to-received lateness and throughput against the sandbox.")

    @Option(help: "Folder holding schedulerd and sandboxd (a release build).")
    var bin: String

    @Option(help: "Posts due at the same instant.")
    var posts = 5_000

    @Option(help: "Posts due evenly across one second, after the burst.")
    var steady = 2_000

    @Option(help: "Posts per account (X's sandbox allows 100 per 15 minutes per user).")
    var perAccount = 50

    @Option(help: "Deliveries claimed to measure what durable claims cost.")
    var claimDeliveries = 2_000

    @Option(help: "Transfers at once in the raw libcurl loop the daemon is measured against.")
    var rawParallel = 64

    @Flag(help: "Instead: deliveries per second with one and with three daemons sharing a throwaway PostgreSQL.")
    var cluster = false

    @Option(help: "Instead: import this many pending posts (1000000 in `make bench-scale`), restart, and time start, status, list and show.")
    var scale: Int?

    @Option(help: "With --scale: the sandbox accounts the posts are spread over.")
    var scaleAccounts = 20

    @Flag(name: .customLong("run-files"), help: "Instead: how long a 10-hour FIT file takes to summarise, beside the same run as GPX.")
    var runFiles = false

    @Flag(help: "Keep the working folder (the state directory and its database) and print where it is.")
    var keep = false

    func run() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("schedbench-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        if try await runScaleOrCluster(work: work) { return }
        let sandbox = try BenchProcess(bin + "/sandboxd", ["--port", "0", "--log-level", "error"], directory: work, name: "sandboxd")
        defer { sandbox.stop() }
        let sandboxURL = String(try await sandbox.waitForLine(prefix: "sandboxd listening ").split(separator: " ")[2])
        let accountCount = (posts + perAccount - 1) / perAccount

        // The limit first, on the same emulation: the raw loop's rate is the emulation's capacity with libcurl, the
        // ceiling the daemon's deliveries per second are a share of.
        let (rawRate, freshRate, emulationCPU) = try await measureRawLoop(sandbox: sandbox, sandboxURL: sandboxURL, accounts: accountCount)
        let config = "sandbox = true\nstate_dir = \"\(work)/state\"\nlog_level = \"warning\"\n[networks.x]\napi_base_url = \"\(sandboxURL)\"\n"
        try config.write(toFile: work + "/schedulerd.toml", atomically: true, encoding: .utf8)
        let daemon = try BenchProcess(bin + "/schedulerd", ["--config", work + "/schedulerd.toml"], directory: work, name: "schedulerd")
        defer { daemon.stop() }
        let control = BenchControl(socket: work + "/state/control.sock", sandboxURL: sandboxURL)
        try await control.waitUntilReady()
        let idleMegabytes = residentMegabytes(daemon.process.processIdentifier)
        let (idleAnonymous, idleMapped) = (residentMegabytes(daemon.process.processIdentifier, field: "RssAnon:"), MappedMemory(pid: daemon.process.processIdentifier))

        var accounts: [String] = []
        for index in 0..<accountCount { accounts.append(try await control.addAccount(username: "bench\(index)")) }

        // The burst: every post due at one instant.
        let burstDue = Date().addingTimeInterval(Double(posts) / 500 + 3).rounded()
        let scheduleSeconds = try await schedule(posts, prefix: "Bench post", accounts: accounts, control: control) { _ in burstDue }
        // For a profiler attached from outside (perf record -p PID), which wants the burst alone.
        FileHandle.standardError.write(Data("schedbench: burst due at \(burstDue.timeIntervalSince1970), schedulerd pid \(daemon.process.processIdentifier)\n".utf8))
        let burstCPU = CPUCost(daemon: daemon.process.processIdentifier, emulation: sandbox.process.processIdentifier)
        let burst = LatenessReport(title: "burst: \(posts) posts due at one instant over \(accountCount) sandbox X accounts",
                                   received: try await receivedWithDueTimes(posts, prefix: "Bench post", control: control) { _ in burstDue })
        let burstCPULine = burstCPU.line(deliveries: posts)

        // On time: posts due evenly across one second.
        let steadyStart = Date().addingTimeInterval(Double(steady) / 500 + 3).rounded()
        let steadyDue: @Sendable (Int) -> Date = { steadyStart.addingTimeInterval(Double($0) / Double(steady)) }
        _ = try await schedule(steady, prefix: "Steady post", accounts: accounts, control: control, due: steadyDue)
        let steadyCPU = CPUCost(daemon: daemon.process.processIdentifier, emulation: sandbox.process.processIdentifier)
        let onTime = LatenessReport(title: "on time: \(steady) posts due evenly over one second (\(steady) per second)",
                                    received: try await receivedWithDueTimes(steady, prefix: "Steady post", control: control, due: steadyDue))
        let steadyCPULine = steadyCPU.line(deliveries: steady)

        print("schedbench (release build, \(ProcessInfo.processInfo.activeProcessorCount) cores)")
        for line in burst.lines + [burstCPULine] + onTime.lines + [steadyCPULine] { print("  " + line) }
        let ratio = burst.throughput / rawRate
        print("  raw libcurl:    \(String(format: "%.0f", rawRate)) requests/s (\(posts) pre-signed posts, \(rawParallel) at once, kept-alive connections, "
              + "same emulation, \(String(format: "%.0f", emulationCPU[0])) µs of its CPU per request); schedulerd at \(String(format: "%.2f", ratio)) of it")
        print("  raw, fresh:     \(String(format: "%.0f", freshRate)) requests/s with a new connection per request "
              + "(\(String(format: "%.2f", freshRate / rawRate)) of kept-alive, \(String(format: "%.0f", emulationCPU[1])) µs of the emulation's CPU per request): "
              + "what publishing on fresh connections would cap schedulerd at")
        print("  memory:         \(String(format: "%.1f", idleMegabytes)) MB resident when ready with nothing scheduled "
              + "(\(String(format: "%.1f", idleAnonymous)) MB of it the daemon's own heap and stacks, the rest mapped code and libraries), "
              + "\(String(format: "%.1f", residentMegabytes(daemon.process.processIdentifier))) MB after the runs")
        print("  memory by mapping, idle: \(idleMapped.largest(10))")

        try measureImport(work: work, accounts: accounts, scheduleSeconds: scheduleSeconds)
        try await measureInProcess(work: work)
        try? FileManager.default.removeItem(atPath: work)
    }

    /// What is measured in this process rather than through the daemon: durable claims on this disk, and run files.
    private func measureInProcess(work: String) async throws {
        print("durable claims (one claim per delivery's request, measured on this machine's disk in the same run):")
        for figure in try await ClaimDurabilityBench(deliveries: claimDeliveries, work: work).run() { print("  " + figure.text) }
        print("run files (read and summarised in this process, in the same run):")
        for line in try RunFileBench(work: work).run() { print("  " + line) }
    }

    /// `--scale` and `--cluster`, each a benchmark of its own; false when neither was asked for.
    private func runScaleOrCluster(work: String) async throws -> Bool {
        if runFiles {
            print("schedbench --run-files (release build)")
            for line in try RunFileBench(work: work).run() { print("  " + line) }
            try? FileManager.default.removeItem(atPath: work)
            return true
        }
        if let scale {
            guard scale >= 60_000 else { throw ValidationError("--scale needs at least 60000 posts: it reads page 1,000 of 50") }
            print("schedbench --scale: \(scale) pending posts imported through `schedctl import`, then a restart")
            for line in try await ScaleBench(bin: bin, rows: scale, accounts: scaleAccounts, chunk: 100_000, work: work).run() { print("  " + line) }
            if keep { print("kept \(work)") } else { try? FileManager.default.removeItem(atPath: work) }
            return true
        }
        if cluster {
            print("schedbench --cluster: \(posts) posts due at the same instant, one and three daemons on one PostgreSQL")
            for line in try await ClusterBench(bin: bin, posts: posts, perAccount: perAccount, work: work).run() { print("  " + line) }
            try? FileManager.default.removeItem(atPath: work)
            return true
        }
        return false
    }

    /// The raw libcurl loop's rate on kept-alive and on fresh connections, and the emulation's CPU per request in each.
    private func measureRawLoop(sandbox: BenchProcess, sandboxURL: String, accounts accountCount: Int) async throws
        -> (rawRate: Double, freshRate: Double, emulationCPU: [Double]) {
        var rates: [Double] = []
        var emulationCPU: [Double] = []
        for fresh in [false, true] {
            let raw = RawCurlLoop(sandboxURL: sandboxURL, parallel: rawParallel, freshConnections: fresh)
            let signed = try await raw.signedPosts(count: posts, accounts: accountCount, users: fresh ? "rawfresh" : "raw", http: CurlHTTPClient())
            let cpuBefore = cpuSeconds(sandbox.process.processIdentifier)
            let (seconds, created) = try raw.send(signed)
            guard created == posts else { throw ValidationError("the raw loop got \(created) of \(posts) posts answered 201") }
            rates.append(Double(posts) / seconds)
            emulationCPU.append((cpuSeconds(sandbox.process.processIdentifier) - cpuBefore) / Double(posts) * 1_000_000)
        }
        return (rates[0], rates[1], emulationCPU)
    }

    /// `schedctl import` of a 10,000-row and a 50,000-row file, each spread over its own 30 days: the larger file's
    /// time per row against the smaller's (1.0 when the import is linear), and the rate against scheduling one post
    /// per request (measured before, 8 clients): the same checks per post, so the ratio is what batching saves.
    private func measureImport(work: String, accounts: [String], scheduleSeconds: Double) throws {
        let files = ImportFiles(bin: bin, socket: work + "/state/control.sock", work: work)
        var perRow: [Double] = []
        for (number, rows) in [10_000, 50_000].enumerated() {
            let start = Date().addingTimeInterval(86_400 + Double(number) * 31 * 86_400).rounded()
            let path = try files.write("import-\(rows)", rows: 0..<rows, prefix: "Imported \(rows) post", accounts: accounts,
                                       start: start, step: 30 * 86_400 / Double(rows) * 4)
            perRow.append(try files.run(path) / Double(rows))
        }
        let single = Double(posts) / scheduleSeconds
        print("  import:         schedctl import of 10,000 rows \(String(format: "%.0f", 1 / perRow[0])) rows/s "
              + "(\(String(format: "%.1f", 1 / perRow[0] / single))x one post per request from 8 clients, \(String(format: "%.0f", single)) posts/s); "
              + "of 50,000 rows \(String(format: "%.0f", 1 / perRow[1])) rows/s: \(String(format: "%.2f", perRow[1] / perRow[0])) of the 10,000-row file's time per row")
    }

    /// Schedules `count` posts from 8 clients, spread over `accounts`, each due at `due(index)`; returns the seconds it took.
    private func schedule(_ count: Int, prefix: String, accounts: [String], control: BenchControl,
                          due: @escaping @Sendable (Int) -> Date) async throws -> Double {
        let started = Date()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in stride(from: worker, to: count, by: 8) {
                        try await control.schedule(text: "\(prefix) \(index) \(UUID().uuidString.prefix(8))", account: accounts[index % accounts.count],
                                                   at: due(index))
                    }
                }
            }
            try await group.waitForAll()
        }
        guard Date() < due(0) else { throw ValidationError("scheduling \(count) posts took past their due time; use fewer") }
        return Date().timeIntervalSince(started)
    }

    /// Waits until the emulation has every post, and pairs each arrival with its post's due time (the index in its text).
    private func receivedWithDueTimes(_ count: Int, prefix: String, control: BenchControl,
                                      due: (Int) -> Date) async throws -> [(due: Date, at: Date)] {
        try await control.waitForReceived(count: count, textPrefix: prefix + " ", deadline: due(count - 1).addingTimeInterval(120)).map { item in
            guard let index = Int(item.text.dropFirst(prefix.count + 1).prefix { $0 != " " }) else { throw BenchError("unexpected text \(item.text)") }
            return (due(index), item.at)
        }
    }
}

extension Date {
    /// The next whole second, so the due time is exact in every form.
    func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.up)) }
}
