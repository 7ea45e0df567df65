import ArgumentParser
import Foundation
import SchedctlOutput
import SchedulerCore

struct DraftsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drafts",
        abstract: "List drafts: posts kept without a time.",
        discussion: "Schedule one with `schedctl schedule --post ID --at TIME`; `schedctl cancel ID` drops it.")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (posts, data) = try await options.client().get("/v1/posts?state=draft&limit=1000", as: [PostView].self)
        if options.json { return Output.json(data) }
        guard !posts.isEmpty else { return print("no drafts; `schedctl schedule TEXT --to ACCOUNT --draft` keeps one") }
        print(DraftListText.table(posts, terminal: .current()), terminator: "")
    }
}

struct DuplicateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duplicate",
        abstract: "Copy a post (any, published or not) as a new draft: its text, media, accounts and per-account texts.")

    @Argument(help: "The post's id.")
    var id: Int64

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let data = try await options.client().send("POST", "/v1/posts/\(id)/duplicate")
        if options.json { return Output.json(data) }
        let post = try options.client().decode(PostView.self, data)
        print("draft \(post.id), a copy of post \(id), to \(post.deliveries.map(\.account).joined(separator: ", ")); "
              + "schedule it with `schedctl schedule --post \(post.id) --at TIME`")
    }
}
