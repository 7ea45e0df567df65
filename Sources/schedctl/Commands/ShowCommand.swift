import ArgumentParser
import Foundation
import SchedulerCore

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one post and each of its deliveries.")

    @Argument(help: "The post id.")
    var id: Int64

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (post, data) = try await options.client().get("/v1/posts/\(id)", as: PostView.self)
        if options.json { return Output.json(data) }
        PostPrinter.print(post)
    }
}

/// The person-readable form of one post, shared by show, edit and cancel.
enum PostPrinter {
    static func print(_ post: PostView) {
        Swift.print("post \(post.id)")
        if let due = post.dueAt {
            Swift.print("  due:       \(Output.due(post)) (\(RFC3339.format(due)))")
        } else {
            Swift.print("  due:       none, a draft: `schedctl schedule --post \(post.id) --at TIME` schedules it")
        }
        if let series = post.series {
            Swift.print("  series:    \(series.id), occurrence \(series.index) (\(series.rule)); `schedctl cancel \(post.id) --series` ends it")
        }
        if post.queued == true { Swift.print("  queued:    in a posting slot; it moves if the slot is removed") }
        Swift.print("  lateness:  up to \(DurationParser.format(seconds: post.latenessLimitSeconds)) late after downtime")
        Swift.print("  text:      \(post.text.replacingOccurrences(of: "\n", with: "\n             "))")
        for delivery in post.deliveries {
            var line = "  delivery \(delivery.id) to \(delivery.account): \(delivery.state.rawValue)"
            if let url = delivery.remoteUrl { line += " \(url)" } else if let id = delivery.remoteId { line += " id \(id)" }
            if let at = delivery.publishedAt { line += " at \(RFC3339.format(at))" }
            if let next = delivery.nextAttemptAt, delivery.state == .retrying {
                line += delivery.lookUpFirst == true
                    ? ", looked up on \(delivery.network.displayName) at \(RFC3339.format(next)) before anything is sent again"
                    : ", next attempt \(RFC3339.format(next))"
            }
            Swift.print(line)
            if let text = delivery.text { Swift.print("    text: \(text)") }
            if let error = delivery.error { Swift.print("    last error: \(error)") }
            switch delivery.state {
            case .unknown:
                Swift.print("    it may be on the network: look, then `schedctl resolve \(delivery.id) --published URL` or `schedctl retry \(delivery.id) --force`")
            case .failed, .missed, .expired:
                Swift.print("    to send it after all: `schedctl retry \(delivery.id)`")
            default: break
            }
        }
    }
}
