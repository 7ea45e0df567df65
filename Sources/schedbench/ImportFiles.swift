import Foundation
import SchedulerCore

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
            // Whole seconds: the form nearly every time a person writes takes.
            let due = RFC3339.format(Date(timeIntervalSince1970: start.addingTimeInterval(Double(index / 4) * step).timeIntervalSince1970.rounded(.down)))
            text += "\(due),\(accounts[index % accounts.count]),\(prefix) \(index)\n"
        }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// Writes `rows` rows as people write them: the time as a clock reads it with a `tz` column, and `to` naming the
    /// accounts by id (`3`), by handle (`x:@name`), or two of them (`3 x:@name`), a third of the rows each.
    func writeAsPeopleDo(_ name: String, rows: Range<Int>, prefix: String, accounts: [(id: Int64, reference: String)], zone: TimeZone,
                         start: Date, step: Double) throws -> String {
        let path = work + "/" + name + ".csv"
        var text = "at,tz,to,text\n"
        text.reserveCapacity(rows.count * 80)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        for index in rows {
            let due = formatter.string(from: start.addingTimeInterval(Double(index / 4) * step))
            let account = accounts[index % accounts.count], next = accounts[(index + 1) % accounts.count]
            let to = switch index % 3 {
            case 0: "\(account.id)"
            case 1: account.reference
            default: "\(account.id) \(next.reference)"
            }
            text += "\(due),\(zone.identifier),\(to),\(prefix) \(index)\n"
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
