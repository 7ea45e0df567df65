import ArgumentParser
import Foundation
import SchedctlOutput
import SchedulerCore

struct HandoffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handoff",
        abstract: "Instagram posts waiting for you to publish them in the app, and confirming them.",
        subcommands: [HandoffList.self, HandoffDone.self],
        defaultSubcommand: HandoffList.self)
}

struct HandoffList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "What waits: caption, bundle folder, and until when.")

    @Option(help: "IANA time zone the times are shown in (default: the daemon's).")
    var tz: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if let tz, let problem = Suggestions.zoneProblem(tz) { throw ValidationError(problem) }
    }

    func run() async throws {
        let client = options.client()
        let (handoffs, data) = try await client.get("/v1/handoffs", as: [HandoffView].self)
        if options.json { return Output.json(data) }
        guard !handoffs.isEmpty else { return print("no Instagram post is waiting for you") }
        let zone = try await DisplayZone.resolve(tz, client: client)
        print(HandoffText.render(handoffs, zone: zone, width: Terminal.current().columns), terminator: "")
    }
}

struct HandoffDone: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done", abstract: "Mark a handoff published, with the post's permalink.",
        discussion: "Example: schedctl handoff done 14 --url https://www.instagram.com/p/C0ffee123/")

    @Argument(help: "The handoff id from `schedctl handoff list`.")
    var id: Int64

    @Option(help: "The permalink of the Instagram post.")
    var url: String?

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let data = try await options.client().send("POST", "/v1/handoffs/\(id)/done", body: HandoffDoneRequest(url: url))
        if options.json { return Output.json(data) }
        PostPrinter.print(try options.client().decode(PostView.self, data))
    }
}
