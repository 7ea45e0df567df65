import Foundation

/// Imports through `schedctl import`, as a person does: a CSV file written beforehand, then the command's wall time,
/// reading the file, the request, the daemon's checks and its one transaction included.
struct ImportFiles {
    let bin: String
    let socket: String
    let work: String

    /// Writes `rows` rows to a CSV file: texts unique to `prefix`, spread over `accounts` in turn, due `step` seconds apart
    /// (four to a due time) from `start`.
    func write(_ name: String, rows: Range<Int>, prefix: String, accounts: [String], start: Date, step: Double) throws -> String {
        let path = work + "/" + name + ".csv"
        var text = "at,to,text\n"
        text.reserveCapacity(rows.count * 60)
        for index in rows {
            let due = RFC3339Seconds.format(start.addingTimeInterval(Double(index / 4) * step))
            text += "\(due),\(accounts[index % accounts.count]),\(prefix) \(index)\n"
        }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// The wall time of `schedctl import PATH`, in seconds; throws unless every row was stored.
    func run(_ path: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bin + "/schedctl")
        process.arguments = ["import", path, "--tz", "UTC", "--socket", socket]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let start = Date()
        try process.run()
        let said = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        guard process.terminationStatus == 0 else {
            throw BenchError("schedctl import \(path) exited \(process.terminationStatus): \(String(decoding: said.prefix(600), as: UTF8.self))")
        }
        return seconds
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ` without a formatter, so writing a million rows costs the benchmark little.
enum RFC3339Seconds {
    static func format(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var fields = tm()
        gmtime_r(&seconds, &fields)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(fields.tm_year + 1900)-\(two(fields.tm_mon + 1))-\(two(fields.tm_mday))T\(two(fields.tm_hour)):\(two(fields.tm_min)):\(two(fields.tm_sec))Z"
    }
}
