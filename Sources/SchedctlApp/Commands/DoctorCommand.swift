import ArgumentParser
import Foundation
import SchedctlOutput
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
            if options.json { try Output.json(DoctorReport(checks: [finding])) } else { print(DoctorText.render([finding], width: Terminal.current().columns), terminator: "") }
            throw ExitCode(ExitCodes.unreachable)
        }
        if options.json { Output.json(data) } else { print(DoctorText.render(report.checks, width: Terminal.current().columns), terminator: "") }
        if report.worst == .fail { throw ExitCode(ExitCodes.failure) }
    }
}
