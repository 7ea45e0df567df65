import Foundation
import HTTPClient
import SchedulerCore

/// `make bench-scale`: fills a daemon with `rows` pending posts through `schedctl import`, restarts it, and
/// measures what a person waits for at that size: start to ready, memory, and `status`, `list` and `show`.
///
/// The posts are spread over the sandbox accounts and over the three months after next week (four to a due time, so
/// pages end inside a run of equal times), so nothing comes due during the run.
struct ScaleBench {
    let bin: String
    let rows: Int
    let accounts: Int
    /// Rows per import file.
    let chunk: Int
    let work: String
    /// Calls per figure; each figure is their median.
    let repeats = 15

    func run() async throws -> [String] {
        let sandbox = try BenchProcess(bin + "/sandboxd", ["--port", "0", "--log-level", "error"], directory: work, name: "sandboxd")
        defer { sandbox.stop() }
        let sandboxURL = String(try await sandbox.waitForLine(prefix: "sandboxd listening ").split(separator: " ")[2])
        let state = work + "/state"
        let webPort = try WebPageBench.freePort()
        let config = "sandbox = true\nstate_dir = \"\(state)\"\nlog_level = \"warning\"\n[networks.x]\napi_base_url = \"\(sandboxURL)\"\n"
            + "[web]\nlisten = \"127.0.0.1:\(webPort)\"\n"
        try config.write(toFile: work + "/schedulerd.toml", atomically: true, encoding: .utf8)
        let control = BenchControl(socket: state + "/control.sock", sandboxURL: sandboxURL)
        var lines: [String] = []

        let first = try BenchProcess(bin + "/schedulerd", ["--config", work + "/schedulerd.toml"], directory: work, name: "schedulerd")
        defer { first.stop() }
        try await control.waitUntilReady()
        var references: [AccountView] = []
        for index in 0..<accounts { references.append(try await control.addAccountView(username: "scale\(index)")) }
        lines += importLines(try await fill(control, accounts: references, state: state))
        lines.append("peak RSS while importing \(Self.memory(first.process.processIdentifier, "VmHWM"))")
        first.stop()
        let database = state + "/schedulerd.sqlite"
        lines.append("database: \(Self.megabytes(Self.size(database))) (\(Self.megabytes(Self.size(database + "-wal"))) of WAL left)")

        // Start to ready: from the spawn to the first answer on the control socket, polled every 2 ms.
        let spawned = Date()
        let daemon = try BenchProcess(bin + "/schedulerd", ["--config", work + "/schedulerd.toml"], directory: work, name: "schedulerd-restart")
        defer { daemon.stop() }
        let ready = try await control.waitUntilAnswering(since: spawned)
        lines.append("start to ready: \(Self.format(ready * 1000, "%.0f")) ms (spawn to the first answer on the control socket, \(rows) pending)")
        try await Task.sleep(for: .seconds(2))
        let pid = daemon.process.processIdentifier
        lines.append("memory: RSS \(Self.memory(pid, "VmRSS")) idle with \(rows) pending (peak since the restart \(Self.memory(pid, "VmHWM")))")

        lines += try await queryFigures(control, references: references.map(\.reference))
        lines += try schedctlLines(state: state, show: rows / 2)
        lines += try await WebPageBench(base: "http://127.0.0.1:\(webPort)", control: control, repeats: repeats).run(showing: Int64(rows / 2))
        return lines
    }

    /// The control API's answers at this scale, each the median of ``repeats`` calls, with status's baseline.
    private func queryFigures(_ control: BenchControl, references: [String]) async throws -> [String] {
        var lines: [String] = []
        lines.append("median of \(repeats) calls, through the socket (schedbench's HTTP over it) / inside the daemon (Server-Timing):")
        let status = try await measure("/v1/status", control)
        lines.append(Self.line("status", status))
        // The baseline, in the same run: what a human `status` read before issue 25 for its next days, every post of them.
        let threeDays = "from=\(RFC3339.format(Date()))&to=\(RFC3339.format(Date().addingTimeInterval(3 * 86_400)))"
        let before = try await measure("/v1/calendar?\(threeDays)", control)
        lines.append(Self.line("status's next days as read before (every post of three days, the baseline)", before))
        if let now = status.server, let then = before.server, now > 0 {
            lines.append("  status against its baseline: \(Self.format(then / now, "%.0f"))× less time in the daemon")
        }
        lines.append(try await figure("list, first page", "/v1/posts?state=pending&limit=50", control))
        let deepOffset = 999 * 50
        if let cursor = try await control.cursor(afterPages: 999, path: "/v1/posts?state=pending&limit=50") {
            lines.append(try await figure("list, page 1,000 by cursor", "/v1/posts?state=pending&limit=50&after=\(cursor)", control))
        } else {
            lines.append("  list, page 1,000 by cursor: no cursor in the answer (this daemon pages by offset only)")
        }
        lines.append(try await figure("list, page 1,000 by offset", "/v1/posts?state=pending&limit=50&offset=\(deepOffset)", control))
        lines.append(try await figure("list --account, first page", "/v1/posts?state=pending&limit=50&account=\(references[1])", control))
        lines.append(try await figure("list --state failed (none)", "/v1/posts?state=failed&limit=50", control))
        lines.append(try await figure("list --state all, first page", "/v1/posts?state=all&limit=50", control))
        lines.append(try await figure("show", "/v1/posts/\(rows / 2)", control))
        let today = String(RFC3339.format(Date()).prefix(10))
        lines.append(try await figure("calendar, this week", "/v1/calendar/days?from=\(today)&days=7&zone=UTC&per_day=12", control))
        return lines
    }

    /// Imports the posts through `schedctl import`, a file of ``chunk`` rows at a time; the seconds of each file. The first
    /// file is the baseline, in the plainest form (an RFC 3339 UTC time, one account by handle); every other is written
    /// as people write (``ImportFiles/writeAsPeopleDo(_:rows:prefix:accounts:zone:start:step:)``).
    private func fill(_ control: BenchControl, accounts: [AccountView], state: String) async throws -> [Double] {
        // From an hour on, so today and the next days (what `status` shows in brief) hold thousands of posts each.
        let start = Date().addingTimeInterval(3_600).rounded()
        let step = 90 * 86_400 / Double(rows) * 4
        let files = ImportFiles(bin: bin, socket: state + "/control.sock", work: work)
        var seconds: [Double] = []
        var stored = 0
        while stored < rows {
            let count = min(chunk, rows - stored)
            let path = seconds.isEmpty
                ? try files.write("scale-1", rows: stored..<(stored + count), prefix: "Scale post", accounts: accounts.map(\.reference),
                                  start: start, step: step)
                : try files.writeAsPeopleDo("scale-\(seconds.count + 1)", rows: stored..<(stored + count), prefix: "Scale post",
                                            accounts: accounts.map { ($0.id, $0.reference) }, zone: TimeZone(identifier: "Europe/Paris")!,
                                            start: start, step: step)
            seconds.append(try files.run(path))
            try? FileManager.default.removeItem(atPath: path)
            stored += count
        }
        return seconds
    }

    /// The import's figures: the whole; the rows as people write them against the plain baseline file; and the second
    /// and last files' rates, which match when the import is linear.
    private func importLines(_ seconds: [Double]) -> [String] {
        let total = seconds.reduce(0, +)
        let perSecond = { (index: Int) in Double(min(chunk, rows - index * chunk)) / seconds[index] }
        let rate = { (index: Int) in Self.format(perSecond(index), "%.0f") }
        var lines = ["import: \(rows) posts through `schedctl import`, \(seconds.count) files of \(min(chunk, rows)) rows: \(Self.format(total, "%.1f")) s, "
                     + "\(Self.format(Double(rows) / total, "%.0f")) rows/s"]
        guard seconds.count >= 2 else { return lines + ["  (one file: no rows as people write them; raise SCALE)"] }
        let people = seconds.indices.dropFirst().map(perSecond)
        let peopleRate = people.reduce(0, +) / Double(people.count)
        lines.append("  as people write them (a local time and a tz column, accounts by id, by handle, or two in a row): "
                     + "\(Self.format(peopleRate, "%.0f")) rows/s; the baseline file (UTC times, one handle): \(rate(0)) rows/s, "
                     + "ratio \(Self.format(peopleRate / perSecond(0), "%.2f"))")
        lines.append("  linear: second file \(rate(1)) rows/s, last file \(rate(seconds.count - 1)) rows/s")
        return lines
    }

    private func figure(_ name: String, _ path: String, _ control: BenchControl) async throws -> String {
        Self.line(name, try await measure(path, control))
    }

    /// The medians of `repeats` calls: through the socket, and inside the daemon (Server-Timing) when it says.
    private func measure(_ path: String, _ control: BenchControl) async throws -> (client: Double, server: Double?) {
        var client: [Double] = []
        var server: [Double] = []
        for _ in 0..<repeats {
            let (seconds, serverMilliseconds) = try await control.timedGet(path)
            client.append(seconds * 1000)
            if let serverMilliseconds { server.append(serverMilliseconds) }
        }
        return (Self.median(client), server.isEmpty ? nil : Self.median(server))
    }

    static func line(_ name: String, _ figures: (client: Double, server: Double?)) -> String {
        "  \(name): \(format(figures.client, "%.2f")) ms / \(figures.server.map { format($0, "%.2f") + " ms" } ?? "-")"
    }

    /// Each command's wall time, process start included, beside `schedctl --version`'s (the start alone, the baseline
    /// of the same run): what is left is the command's own work and the daemon's answer. Each run of a command follows
    /// a run of `--version`, and the figure past the start is the median of those pairs' differences: this shared
    /// machine's speed drifts within a run, and a start measured once, before every command, made the figures after it
    /// swing by more than the commands' own time (from -6 to 30 ms in two runs a minute apart).
    private func schedctlLines(state: String, show: Int) throws -> [String] {
        let commands = [["status"], ["status", "--json"], ["list"], ["list", "--json"], ["list", "--page", "1000"], ["show", "\(show)"],
                        ["show", "\(show)", "--json"], ["calendar"]]
        var starts: [Double] = []
        var figures: [(command: [String], wall: Double, past: Double)] = []
        for command in commands {
            var walls: [Double] = []
            var past: [Double] = []
            for _ in 0..<schedctlPairs {
                let start = try schedctlWall(["--version"], state: nil)
                let wall = try schedctlWall(command, state: state)
                starts.append(start)
                walls.append(wall)
                past.append(wall - start)
            }
            figures.append((command, Self.median(walls), Self.median(past)))
        }
        var lines = ["schedctl, process start included (median of \(schedctlPairs), each run after one of `schedctl --version`, "
                     + "whose median is \(Self.format(Self.median(starts), "%.1f")) ms; past its start: the median of the pairs' differences):"]
        for figure in figures {
            lines.append("  \(figure.command.joined(separator: " ")): \(Self.format(figure.wall, "%.1f")) ms, "
                         + "\(Self.format(figure.past, "%.1f")) ms past its start")
        }
        return lines
    }

    /// Pairs of runs (`--version`, then the command) per schedctl figure.
    let schedctlPairs = 31

    /// The wall time of one `schedctl ARGUMENTS` against the daemon (none for `--version`), in milliseconds:
    /// `posix_spawn` to `waitpid`, since Foundation's `waitUntilExit` wakes on a timer and rounds a 20 ms run up.
    private func schedctlWall(_ arguments: [String], state: String?) throws -> Double {
        let argv = [bin + "/schedctl"] + arguments + (state.map { ["--socket", $0 + "/control.sock"] } ?? [])
        let start = Date()
        let status = try SpawnedProcess.run(argv, output: "/dev/null")
        guard status == 0 else { throw BenchError("schedctl \(arguments.joined(separator: " ")) exited \(status)") }
        return Date().timeIntervalSince(start) * 1000
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func format(_ value: Double, _ format: String) -> String { String(format: format, value) }

    static func size(_ path: String) -> Int64 { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64) ?? 0 }

    static func megabytes(_ bytes: Int64) -> String { String(format: "%.0f MB", Double(bytes) / 1_048_576) }

    /// A line of /proc/PID/status (VmRSS, VmHWM) in MB.
    static func memory(_ pid: Int32, _ field: String) -> String {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return "?" }
        return String(format: "%.0f MB", kilobytes / 1024)
    }
}

extension BenchControl {
    /// Seconds from `since` to the first answer on the control socket, asked every 2 ms (for the posting slots, whose
    /// answer costs the same with a million posts as with none).
    func waitUntilAnswering(since: Date) async throws -> Double {
        let deadline = since.addingTimeInterval(60)
        while Date() < deadline {
            if let response = try? await http.send(request("GET", "/v1/slots")), response.status == 200 {
                return Date().timeIntervalSince(since)
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        throw BenchError("schedulerd did not answer on its control socket within a minute")
    }

    /// The wall time of one GET, and the handler's own time when the daemon tells it (`Server-Timing: …;dur=MS`).
    func timedGet(_ path: String) async throws -> (seconds: Double, serverMilliseconds: Double?) {
        let start = Date()
        let response = try await http.send(request("GET", path))
        let seconds = Date().timeIntervalSince(start)
        guard response.status == 200 else { throw BenchError("GET \(path): HTTP \(response.status) \(response.bodyText.prefix(300))") }
        let server = response.header("Server-Timing")?.components(separatedBy: "dur=").dropFirst().first
            .flatMap { Double($0.prefix { $0.isNumber || $0 == "." }) }
        return (seconds, server)
    }

    /// The cursor of the page after `pages` pages of `path`, walked one by one; nil when the daemon gives no cursors.
    func cursor(afterPages pages: Int, path: String) async throws -> String? {
        var cursor: String?
        for _ in 0..<pages {
            let response = try await http.send(request("GET", path + (cursor.map { "&after=\($0)" } ?? "")))
            guard response.status == 200 else { throw BenchError("GET \(path): HTTP \(response.status) \(response.bodyText.prefix(300))") }
            guard let next = response.header("Next-Cursor") else { return nil }
            cursor = next
        }
        return cursor
    }
}
