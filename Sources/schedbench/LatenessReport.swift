import Foundation

/// How late posts reached the emulation after their due times, in milliseconds, and how fast they went out.
struct LatenessReport {
    var title: String
    var latenessMilliseconds: [Double]
    /// Deliveries per second, from the first due time to the last arrival.
    var throughput: Double

    init(title: String, received: [(due: Date, at: Date)]) {
        self.title = title
        latenessMilliseconds = received.map { $0.at.timeIntervalSince($0.due) * 1000 }.sorted()
        let first = received.map(\.due).min() ?? Date()
        let last = received.map(\.at).max() ?? first
        throughput = Double(received.count) / max(last.timeIntervalSince(first), 0.001)
    }

    func percentile(_ p: Double) -> Double {
        let index = min(latenessMilliseconds.count - 1, Int((p / 100 * Double(latenessMilliseconds.count)).rounded(.up)) - 1)
        return latenessMilliseconds[max(0, index)]
    }

    var lines: [String] {
        [
            title,
            "  lateness p50 / p99 / max: \(Self.ms(percentile(50))) / \(Self.ms(percentile(99))) / \(Self.ms(latenessMilliseconds.last ?? 0))",
            "  throughput:     \(String(format: "%.0f", throughput)) deliveries/s (first due time to last received)",
        ]
    }

    static func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }
}

/// The daemon's resident memory, from /proc: all of it (`VmRSS`), or with `field: "RssAnon:"` only what is its own
/// (heap and stacks, not the pages of the binary and shared libraries it maps, which other processes share).
func residentMegabytes(_ pid: Int32, field: String = "VmRSS:") -> Double {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
          let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
    return kilobytes / 1024
}

/// A process's CPU time so far (user and system), in seconds, from /proc: what a run cost it, apart from the
/// other processes sharing the machine's cores.
func cpuSeconds(_ pid: Int32) -> Double {
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    guard let close = stat.lastIndex(of: ")") else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// CPU time the daemon and the emulation spent per delivery during a run.
struct CPUCost {
    var pids: (daemon: Int32, emulation: Int32)
    var start: (daemon: Double, emulation: Double)

    init(daemon: Int32, emulation: Int32) {
        pids = (daemon, emulation)
        start = (cpuSeconds(daemon), cpuSeconds(emulation))
    }

    func line(deliveries: Int) -> String {
        let daemon = (cpuSeconds(pids.daemon) - start.daemon) / Double(deliveries) * 1_000_000
        let emulation = (cpuSeconds(pids.emulation) - start.emulation) / Double(deliveries) * 1_000_000
        return "  CPU per delivery: schedulerd \(String(format: "%.0f", daemon)) µs, the emulation \(String(format: "%.0f", emulation)) µs"
    }
}
