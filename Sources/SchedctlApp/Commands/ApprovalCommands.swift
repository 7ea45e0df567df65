import ArgumentParser
import Foundation
import SchedulerCore

/// `schedctl approve ID`: a post an editor scheduled in the web app (with `[web] require_approval`) goes out at its time.
struct ApproveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Approve a post awaiting approval: it is scheduled at its time (missed if that is past its lateness limit).",
        discussion: """
            Posts an editor schedules in the web app wait for an owner when the daemon's configuration has \
            `[web] require_approval = true`. `schedctl list --state awaiting_approval` lists them.
            Examples:
              schedctl approve 42
              schedctl reject 43 --reason "Say which Sunday: the 7th or the 14th?"
            """)

    @Argument(help: "The post's id.")
    var id: Int64

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let data = try await options.client().send("POST", "/v1/posts/\(id)/approve")
        if options.json { return Output.json(data) }
        let post = try options.client().decode(PostView.self, data)
        print("post \(post.id) approved: scheduled to \(post.deliveries.map(\.account).joined(separator: ", "))")
        for note in post.notes ?? [] { print("note: \(note)") }
    }
}

/// `schedctl reject ID --reason TEXT`: the post is cancelled, and its author hears why (an event and the hooks).
struct RejectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reject",
        abstract: "Reject a post awaiting approval, saying why: it is cancelled, and the reason is its error and an event.")

    @Argument(help: "The post's id.")
    var id: Int64

    @Option(help: "Why, in words the post's author can act on (at most 500 characters).")
    var reason: String

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard !reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ValidationError("--reason is empty; say what the post's author should change")
        }
    }

    func run() async throws {
        let data = try await options.client().send("POST", "/v1/posts/\(id)/reject", body: RejectPostRequest(reason: reason))
        if options.json { return Output.json(data) }
        _ = try options.client().decode(PostView.self, data)
        print("post \(id) rejected and cancelled: \(reason)")
    }
}
