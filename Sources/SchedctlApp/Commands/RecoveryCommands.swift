import ArgumentParser
import Foundation
import SchedctlOutput
import SchedulerCore

struct RetryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry", abstract: "Send a post's failed, missed or expired deliveries again (an unknown one with --force).",
        discussion: """
            POST is a post id, as for every other command. Each of its deliveries that can go again is sent \
            again, and the answer names each delivery and account it took; --delivery ID takes only that one \
            (`schedctl show POST` lists them). The lateness limit counts again from now. A thread continues from \
            the part that failed; a published post whose first comment failed gets the comment alone. An unknown \
            delivery may already be on the network: look first, then use --force to send it again, or \
            `schedctl resolve POST --published URL` if it is there.

            Examples:
              schedctl retry 12
              schedctl retry 12 --delivery 43 --force
            """)

    @Argument(help: "The post id.")
    var id: Int64?

    @Option(help: "Only this delivery of the post (its id, as `schedctl show POST` lists it).")
    var delivery: Int64?

    @Flag(help: "Send an unknown delivery again even though it may already be published.")
    var force = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if id == nil, delivery == nil { throw ValidationError("give the post's id (and --delivery ID for one of its deliveries)") }
    }

    func run() async throws {
        let request = RetryDeliveryRequest(force: force, delivery: id == nil ? nil : delivery)
        let path = id.map { "/v1/posts/\($0)/retry" } ?? "/v1/deliveries/\(delivery!)/retry"
        let data = try await options.client().send("POST", path, body: request)
        if options.json { return Output.json(data) }
        RecoveryPrinter.print(try options.client().decode(PostView.self, data))
    }
}

struct ResolveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve", abstract: "Record that a post's unknown (or failed) delivery is on the network after all.",
        discussion: """
            POST is a post id. Its one unknown, failed or missed delivery is recorded as published at the URL; \
            when it has several, say which with --delivery ID (a URL is one post on one network).

            Examples:
              schedctl resolve 12 --published https://x.com/runner/status/1890
              schedctl resolve 12 --delivery 43 --published https://x.com/runner/status/1890
            """)

    @Argument(help: "The post id.")
    var id: Int64?

    @Option(help: "Which of the post's deliveries (its id, as `schedctl show POST` lists it).")
    var delivery: Int64?

    @Option(help: "The URL of the published post.")
    var published: String

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if id == nil, delivery == nil { throw ValidationError("give the post's id (and --delivery ID for one of its deliveries)") }
    }

    func run() async throws {
        let request = ResolveDeliveryRequest(publishedUrl: published, delivery: id == nil ? nil : delivery)
        let path = id.map { "/v1/posts/\($0)/resolve" } ?? "/v1/deliveries/\(delivery!)/resolve"
        let data = try await options.client().send("POST", path, body: request)
        if options.json { return Output.json(data) }
        RecoveryPrinter.print(try options.client().decode(PostView.self, data))
    }
}

/// A retried or resolved post: what was done to which delivery first, then the post.
enum RecoveryPrinter {
    static func print(_ post: PostView) {
        for note in post.notes ?? [] { Swift.print(note) }
        PostPrinter.print(post)
    }
}

struct PauseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Stop publishing, everywhere, to one account, or to one network, until `resume`.",
        discussion: """
            Posts keep their times while paused. Their lateness limit still runs: what is due during a long \
            pause becomes missed (and is reported) rather than going out hours late. schedulerd pauses a network \
            by itself when the network refuses the app as a whole (a retired API version, X credits used up); \
            `schedctl status` says why and what to do.

            Examples:
              schedctl pause
              schedctl pause x:@runner
              schedctl pause --network linkedin
            """)

    @OptionGroup var target: PauseTarget
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await target.send("/v1/pause", options: options)
    }
}

struct ResumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Publish again after a pause, everywhere, to one account, or to one network.",
        discussion: """
            With no account and no --network, every pause is lifted, the accounts' and networks' too. \
            A network schedulerd paused because it refused the app is tried again after `resume --network` \
            (once you fixed what `schedctl status` names, such as adding X credits) or after a restart \
            (for a configuration change, such as networks.linkedin.version).

            Examples:
              schedctl resume
              schedctl resume x:@runner
              schedctl resume --network x
            """)

    @OptionGroup var target: PauseTarget
    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await target.send("/v1/resume", options: options)
    }
}

/// What `pause` and `resume` name: everything, one account, or one network. Which combinations make sense is the
/// daemon's rule (the domain's pause refusals), so both doors answer alike; this only reads the words.
struct PauseTarget: ParsableArguments {
    @Argument(help: "An account (x:@handle, or its id); everything when left out.")
    var account: String?

    @Option(help: "Every account of this network: \(Network.typedNames()).")
    var network: String?

    func validate() throws {
        if let network { _ = try NetworkArgument.parse(network) }
    }

    /// Sends the request to `path` and prints what changed and what stays paused.
    func send(_ path: String, options: GlobalOptions) async throws {
        let request = PauseRequest(account: account, network: try network.map(NetworkArgument.parse))
        let data = try await options.client().send("POST", path, body: request)
        if options.json { return Output.json(data) }
        PausePrinter.print(try options.client().decode(PauseView.self, data), asked: request)
    }
}

/// What a pause or resume changed and what stays paused (drawn by ``PauseText``).
enum PausePrinter {
    static func print(_ view: PauseView, asked: PauseRequest = PauseRequest()) {
        Swift.print(PauseText.render(view, asked: asked), terminator: "")
    }
}

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Every attempt at a post: when, the answer, the error class and an excerpt.",
        discussion: "Example: schedctl history 12")

    @Argument(help: "The post id.")
    var id: Int64

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (history, data) = try await options.client().get("/v1/posts/\(id)/history", as: HistoryView.self)
        if options.json { return Output.json(data) }
        print(HistoryText.render(history, width: Terminal.current().columns), terminator: "")
    }
}
