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
        printMedia(post.media, indent: "  ")
        for (index, part) in (post.thread ?? []).enumerated() {
            Swift.print("  part \(index + 2):    \(part.text.replacingOccurrences(of: "\n", with: "\n             "))")
            printMedia(part.media, indent: "    ")
        }
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
            if let comment = delivery.firstComment { Swift.print("    first comment: \(comment)") }
            if let count = delivery.partCount {
                let parts = delivery.parts ?? []
                Swift.print("    parts out: \(parts.count) of \(count)")
                for part in parts {
                    Swift.print("      \(part.part) \(part.kind): \(part.remoteUrl ?? "id \(part.remoteId)") at \(RFC3339.format(part.publishedAt))")
                }
            }
            if let error = delivery.error { Swift.print("    last error: \(error)") }
            switch delivery.state {
            case .unknown:
                Swift.print("    it may be on the network: look, then `schedctl resolve \(delivery.id) --published URL` or `schedctl retry \(delivery.id) --force`")
            case .failed, .missed, .expired:
                Swift.print((delivery.parts ?? []).isEmpty ? "    to send it after all: `schedctl retry \(delivery.id)`"
                                                          : "    to send what is left: `schedctl retry \(delivery.id)`")
            default: break
            }
        }
    }

    /// Each attached file with its alt text.
    private static func printMedia(_ media: [MediaView], indent: String) {
        for item in media {
            Swift.print("\(indent)media: \(item.contentType) \(item.width.map { "\($0)×\(item.height ?? 0)" } ?? "") \(item.id.prefix(12))"
                        + (item.alt.map { ", alt: \($0)" } ?? ""))
        }
    }
}
