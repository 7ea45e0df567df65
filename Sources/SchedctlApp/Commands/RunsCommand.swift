import ArgumentParser
import Foundation
import SchedctlOutput
import SchedulerCore

struct RunsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runs",
        abstract: "Runs that arrive by themselves: the inbox folder the daemon watches.",
        subcommands: [RunsInbox.self],
        defaultSubcommand: RunsInbox.self)
}

struct RunsInbox: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "What arrived in the inbox folder and what became of it.",
        discussion: """
            Files still being written are listed as waiting; each file taken shows the post it became, or why it was \
            not posted (the file is then in failed/, with a .txt beside it). The same file arriving again is skipped \
            and counted. Times are in the daemon's zone, named in the table's header (--tz to choose).
            Examples:
              schedctl runs inbox
              schedctl runs inbox --limit 200 --json
            """)

    @Option(help: "How many files taken to show (1-1000).")
    var limit = 50

    @Option(help: "IANA time zone the times are shown in (default: the daemon's).")
    var tz: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard (1...1_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000; got \(limit).") }
        if let tz, let problem = Suggestions.zoneProblem(tz) { throw ValidationError(problem) }
    }

    func run() async throws {
        let client = options.client()
        let (inbox, data) = try await client.get("/v1/runs/inbox?limit=\(limit)", as: InboxView.self)
        if options.json { return Output.json(data) }
        let terminal = Terminal.current()
        let zone = try await DisplayZone.resolve(tz, client: client)
        print(InboxText.render(inbox, zone: zone, width: terminal.columns, color: terminal.color), terminator: "")
    }
}
