import ArgumentParser
import Foundation
import SchedctlOutput
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

/// The person-readable form of one post, shared by show, edit and cancel (drawn by ``PostText``).
enum PostPrinter {
    static func print(_ post: PostView) {
        Swift.print(PostText.render(post, width: Terminal.current().columns), terminator: "")
    }
}
