import ArgumentParser
import Foundation
import SchedulerCore

struct EditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change the text or time of a post that has not gone out yet.",
        discussion: "Example: schedctl edit 12 --at \"tomorrow 08:00\" --tz Europe/Paris")

    @Argument(help: "The post id.")
    var id: Int64

    @Option(help: "New text, or - to read it from standard input.")
    var text: String?

    @Option(help: "New time (same forms as schedule --at).")
    var at: String?

    @Option(help: "IANA zone for a local --at (default: the post's zone).")
    var tz: String?

    @Option(help: "New lateness limit, e.g. 30m.")
    var lateness: String?

    @Flag(help: "With --text: the text of every occurrence still to come of this post's series ({{date}}, {{weekday}}, {{n}} filled in).")
    var series = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if series, text == nil || at != nil || lateness != nil { throw ValidationError("--series changes the text of the occurrences still to come; give --text only") }
        if text == nil && at == nil && lateness == nil { throw ValidationError("nothing to change; give --text, --at or --lateness") }
        if tz != nil && at == nil { throw ValidationError("--tz only applies together with --at") }
    }

    func run() async throws {
        let request = EditPostRequest(text: try text.map(TextInput.read), at: at, tz: tz, lateness: lateness, series: series ? true : nil)
        let data = try await options.client().send("PATCH", "/v1/posts/\(id)", body: request)
        if options.json { return Output.json(data) }
        PostPrinter.print(try options.client().decode(PostView.self, data))
    }
}

struct CancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel every delivery of a post that has not gone out.")

    @Argument(help: "The post id.")
    var id: Int64

    @Flag(help: "The post is an occurrence of a repeating post: end the series and cancel every occurrence not yet published.")
    var series = false

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let data = try await options.client().send("POST", "/v1/posts/\(id)/cancel" + (series ? "?series=true" : ""))
        if options.json { return Output.json(data) }
        PostPrinter.print(try options.client().decode(PostView.self, data))
    }
}
