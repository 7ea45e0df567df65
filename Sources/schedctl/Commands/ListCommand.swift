import ArgumentParser
import Foundation
import SchedulerCore

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List posts, newest due time first.",
        discussion: "STATE is pending (the default), all, or a delivery state: \(StateFilter.acceptedNames.joined(separator: ", ")).")

    @Option(help: "Which posts: pending, published, failed, handed_off, missed, all, …")
    var state = "pending"

    @Option(help: "Only posts to this account.")
    var account: String?

    @Option(help: "Posts per page (1-1000).")
    var limit = 50

    @Option(help: "Page number, from 1.")
    var page = 1

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard StateFilter(name: state) != nil else {
            throw ValidationError("unknown state '\(state)'; use one of \(StateFilter.acceptedNames.joined(separator: ", "))")
        }
        guard (1...1_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000") }
        guard page >= 1 else { throw ValidationError("--page starts at 1") }
    }

    func run() async throws {
        var query = "state=\(state)&limit=\(limit)&offset=\((page - 1) * limit)"
        if let account { query += "&account=\(AccountText.path(account))" }
        let (posts, data) = try await options.client().get("/v1/posts?\(query)", as: [PostView].self)
        if options.json { return Output.json(data) }
        guard !posts.isEmpty else { return print("no \(state) posts") }
        Output.table(["ID", "DUE", "DELIVERIES", "TEXT"], posts.map { post in
            [String(post.id), Output.due(post),
             post.deliveries.map { "\($0.account) \($0.state.rawValue)" }.joined(separator: ", "),
             Output.snippet(post.text)]
        })
        if posts.count == limit { print("(more: --page \(page + 1))") }
    }
}
