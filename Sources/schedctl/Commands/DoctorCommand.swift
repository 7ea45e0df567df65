import ArgumentParser
import Foundation
import SchedulerCore

/// `schedctl doctor`: the daemon looks over its own setup and says, line by line, what is fine and what to do.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the daemon's setup: configuration, key file, permissions, database, clock, API versions and tokens.",
        discussion: """
            Each line is ok, warn (works now, needs attention) or fail (does not work, or will not), with what to do.
            Exits 0 when nothing fails (warnings included), 1 when something fails, 4 when no daemon answers.
            """)

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let report: DoctorReport
        let data: Data
        do {
            (report, data) = try await options.client().get("/v1/doctor", as: DoctorReport.self)
        } catch let error as CLIError where error.exitCode == ExitCodes.unreachable {
            // The first thing a doctor is asked is whether the daemon runs at all: say it as a finding, then exit 4.
            let finding = DoctorFinding.fail("daemon", error.message, action: "start it (`systemctl start schedulerd`) and run doctor again")
            if options.json { try Output.json(DoctorReport(checks: [finding])) } else { print(DoctorLines.render([finding])) }
            throw ExitCode(ExitCodes.unreachable)
        }
        if options.json { Output.json(data) } else { print(DoctorLines.render(report.checks)) }
        if report.worst == .fail { throw ExitCode(ExitCodes.failure) }
    }
}

/// The report as people read it: `ok   area   message`, and under a warning or failure, what to do.
enum DoctorLines {
    static func render(_ checks: [DoctorFinding]) -> String {
        let areaWidth = checks.map(\.area.count).max() ?? 0
        var lines: [String] = []
        for check in checks {
            let level = check.level.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)
            lines.append("\(level)  \(check.area.padding(toLength: areaWidth, withPad: " ", startingAt: 0))  \(check.message)")
            if let action = check.action {
                lines.append(String(repeating: " ", count: 6 + areaWidth + 2) + "→ " + action)
            }
        }
        let failures = checks.filter { $0.level == .fail }.count
        let warnings = checks.filter { $0.level == .warn }.count
        lines.append(failures + warnings == 0 ? "all \(checks.count) checks ok"
            : "\(failures) failure\(failures == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") in \(checks.count) checks")
        return lines.joined(separator: "\n")
    }
}
