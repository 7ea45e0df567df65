import ArgumentParser
import Foundation
import SchedulerCore

/// `schedctl`: the command-line client of schedulerd. Every command talks to the daemon over its
/// control socket; exit codes tell success, bad input, not found and an unreachable daemon apart.
struct Schedctl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedctl",
        abstract: "Schedule social-media posts with schedulerd and see what was published.",
        discussion: """
            Examples:
              schedctl accounts add x < token.json
              schedctl schedule "Long run done" --to x:@runner --at "tomorrow 07:30"
              schedctl list --state published
              schedctl show 12

            Exit codes: 0 success, 1 failure, 2 bad input (nothing stored), 3 not found, \
            4 daemon unreachable, 5 conflict with the post's or account's state.
            """,
        version: BuildInfo.versionLine,
        subcommands: [StatusCommand.self, ScheduleCommand.self, DraftsCommand.self, QueueCommand.self, SlotsCommand.self, CalendarCommand.self, ListCommand.self,
                      ShowCommand.self, EditCommand.self, DuplicateCommand.self, CancelCommand.self, ApproveCommand.self, RejectCommand.self, ImportCommand.self, ExportCommand.self, CheckCommand.self, AccountsCommand.self, HandoffCommand.self,
                      RetryCommand.self, ResolveCommand.self, PauseCommand.self, ResumeCommand.self, HistoryCommand.self,
                      EventsCommand.self, DoctorCommand.self, RunSummaryCommand.self, RunsCommand.self, SandboxCommand.self, BackupCommand.self, WebCommand.self])
}

/// Runs the command and maps every failure to a documented exit code.
enum SchedctlMain {
    static func main() async {
        do {
            var command = try Schedctl.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as CLIError {
            Output.error(error.description)
            if wantsJSON { Output.jsonError(error.message, problems: error.problems) }
            exit(error.exitCode)
        } catch {
            let code = Schedctl.exitCode(for: error)
            if code == .validationFailure {
                let arguments = Array(CommandLine.arguments.dropFirst())
                FileHandle.standardError.write(Data((Schedctl.usageMessage(for: error, arguments: arguments) + "\n").utf8))
                // Issue 25, bug 15: scripts got the parser's "Unexpected argument" where people got "did you mean".
                if wantsJSON { Output.jsonError(Schedctl.shortMessage(for: error, arguments: arguments), problems: []) }
                exit(ExitCodes.badInput)
            }
            Schedctl.exit(withError: error)
        }
    }

    /// Whether `--json` was given, read from the raw arguments so that an error found while parsing them
    /// is reported as JSON too (the options group is not parsed yet then). Stops at `--`, after which
    /// everything is an argument.
    static var wantsJSON: Bool {
        CommandLine.arguments.dropFirst().prefix { $0 != "--" }.contains("--json")
    }
}

/// schedctl's entry point, for the one program the package ships (Sources/schedulerd), which runs it when called by
/// the name `schedctl`.
public func schedctlMain() async {
    await SchedctlMain.main()
}
