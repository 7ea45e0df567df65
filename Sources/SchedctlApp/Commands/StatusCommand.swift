import ArgumentParser
import Foundation
import SchedctlOutput
import SchedulerCore

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Daemon health, counts by state, what is due next, and what needs you.",
        discussion: """
            Times are in the daemon's zone, with their offset. When the first waiting post is held back (its account \
            paused or needing relinking, its network paused), `next due` shows it and why it waits, and `next out` \
            what goes out first instead.
            """)

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (status, data) = try await options.client().get("/v1/status", as: StatusView.self, timeout: ControlClient.glanceTimeout)
        if options.json { return Output.json(data) }
        print(StatusText.render(status, width: Terminal.current().columns), terminator: "")
    }
}
