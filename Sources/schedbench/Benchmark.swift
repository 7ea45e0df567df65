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
    var posts = 1_000

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

    @Flag(help: "Keep the working folder (the state directory and its database) and print where it is.")
    var keep = false

    func run() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("schedbench-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        if let scale {
            guard scale >= 60_000 else { throw ValidationError("--scale needs at least 60000 posts: it reads page 1,000 of 50") }
            print("schedbench --scale: \(scale) pending posts imported through the control socket, then a restart")
            for line in try await ScaleBench(bin: bin, rows: scale, accounts: scaleAccounts, chunk: 10_000, work: work).run() { print("  " + line) }
            if keep { print("kept \(work)") } else { try? FileManager.default.removeItem(atPath: work) }
            return
        }
        if cluster {
            print("schedbench --cluster: \(posts) posts due at the same instant, one and three daemons on one PostgreSQL")
            for line in try await ClusterBench(bin: bin, posts: posts, perAccount: perAccount, work: work).run() { print("  " + line) }
            try? FileManager.default.removeItem(atPath: work)
            return
        }
        let sandbox = try BenchProcess(bin + "/sandboxd", ["--port", "0", "--log-level", "error"], directory: work, name: "sandboxd")
        defer { sandbox.stop() }
        let sandboxURL = String(try await sandbox.waitForLine(prefix: "sandboxd listening ").split(separator: " ")[2])
        let accountCount = (posts + perAccount - 1) / perAccount

        // The limit first, on the same emulation: the raw loop's rate is the emulation's capacity with libcurl, the
        // ceiling the daemon's deliveries per second are a share of.
        var rates: [Double] = []
        for fresh in [false, true] {
            let raw = RawCurlLoop(sandboxURL: sandboxURL, parallel: rawParallel, freshConnections: fresh)
            let signed = try await raw.signedPosts(count: posts, accounts: accountCount, users: fresh ? "rawfresh" : "raw", http: CurlHTTPClient())
            let (seconds, created) = try raw.send(signed)
            guard created == posts else { throw ValidationError("the raw loop got \(created) of \(posts) posts answered 201") }
            rates.append(Double(posts) / seconds)
        }
        let (rawRate, freshRate) = (rates[0], rates[1])
        let config = "sandbox = true\nstate_dir = \"\(work)/state\"\nlog_level = \"warning\"\n[networks.x]\napi_base_url = \"\(sandboxURL)\"\n"
        try config.write(toFile: work + "/schedulerd.toml", atomically: true, encoding: .utf8)
        let daemon = try BenchProcess(bin + "/schedulerd", ["--config", work + "/schedulerd.toml"], directory: work, name: "schedulerd")
        defer { daemon.stop() }
        let control = BenchControl(socket: work + "/state/control.sock", sandboxURL: sandboxURL)
        try await control.waitUntilReady()

        var accounts: [String] = []
        for index in 0..<accountCount { accounts.append(try await control.addAccount(username: "bench\(index)")) }

        let targets = accounts
        let scheduleStart = Date()
        let due = Date().addingTimeInterval(max(5, Double(posts) / 200 + 3)).rounded()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in stride(from: worker, to: posts, by: 8) {
                        try await control.schedule(text: "Bench post \(index) \(UUID().uuidString.prefix(8))",
                                                   account: targets[index % accountCount], at: due)
                    }
                }
            }
            try await group.waitForAll()
        }
        let scheduleSeconds = Date().timeIntervalSince(scheduleStart)
        guard Date() < due else { throw ValidationError("scheduling took \(scheduleSeconds) s, past the due time; use fewer --posts") }

        let received = try await control.waitForReceived(count: posts, textPrefix: "Bench post ", deadline: due.addingTimeInterval(120))
        let lateness = received.map { $0.timeIntervalSince(due) * 1000 }.sorted()
        let last = received.max()!
        let report = BenchReport(posts: posts, accounts: accountCount, scheduleSeconds: scheduleSeconds, latenessMilliseconds: lateness,
                                 throughput: Double(posts) / max(last.timeIntervalSince(due), 0.001))
        print(report.text)
        print("  raw libcurl:    \(String(format: "%.0f", rawRate)) requests/s (\(posts) pre-signed posts, \(rawParallel) at once, kept-alive connections, "
              + "same emulation); schedulerd at \(String(format: "%.2f", report.throughput / rawRate)) of it")
        print("  raw, fresh:     \(String(format: "%.0f", freshRate)) requests/s with a new connection per request, as schedulerd publishes "
              + "(\(String(format: "%.2f", freshRate / rawRate)) of kept-alive); schedulerd at \(String(format: "%.2f", report.throughput / freshRate)) of it")

        // An import of 10,000 rows in one request and one transaction, against scheduling one post per request
        // (measured above, 8 clients): the same checks per post, so the ratio is what batching saves.
        let rows = 10_000
        let later = Date().addingTimeInterval(86_400).rounded()
        let batch = (0..<rows).map { index in
            SchedulePostRequest(text: "Imported post \(index)", to: [targets[index % accountCount]], at: RFC3339.format(later.addingTimeInterval(Double(index))))
        }
        let importStart = Date()
        let imported = try await control.importBatch(batch)
        let importSeconds = Date().timeIntervalSince(importStart)
        guard imported == rows else { throw ValidationError("the import stored \(imported) of \(rows) rows") }
        let single = Double(posts) / scheduleSeconds
        print("import: \(rows) rows in \(String(format: "%.2f", importSeconds)) s (\(String(format: "%.0f", Double(rows) / importSeconds)) rows/s), "
              + "\(String(format: "%.1f", Double(rows) / importSeconds / single))x scheduling one post per request (\(String(format: "%.0f", single)) posts/s)")

        print("durable claims (one claim per delivery's request, measured on this machine's disk in the same run):")
        for figure in try await ClaimDurabilityBench(deliveries: claimDeliveries, work: work).run() { print("  " + figure.text) }
        try? FileManager.default.removeItem(atPath: work)
    }
}

extension Date {
    /// The next whole second, so the due time is exact in every form.
    func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.up)) }
}

struct BenchReport {
    var posts: Int
    var accounts: Int
    var scheduleSeconds: Double
    var latenessMilliseconds: [Double]
    var throughput: Double

    func percentile(_ p: Double) -> Double {
        let index = min(latenessMilliseconds.count - 1, Int((p / 100 * Double(latenessMilliseconds.count)).rounded(.up)) - 1)
        return latenessMilliseconds[max(0, index)]
    }

    var text: String {
        """
        schedbench: \(posts) posts due at the same instant, \(accounts) sandbox X accounts
          scheduling:     \(String(format: "%.2f", scheduleSeconds)) s through the control socket (\(String(format: "%.0f", Double(posts) / scheduleSeconds)) posts/s)
          lateness p50:   \(String(format: "%.1f", percentile(50))) ms
          lateness p99:   \(String(format: "%.1f", percentile(99))) ms
          lateness max:   \(String(format: "%.1f", latenessMilliseconds.last ?? 0)) ms
          throughput:     \(String(format: "%.0f", throughput)) deliveries/s (due time to last received)
        """
    }
}
