import ArgumentParser
import Foundation
import SchedulerCore

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Count text the way a network does and list every problem, without scheduling.",
        discussion: """
            Examples:
              schedctl check "Ran 10k 🏃 https://example.com/run" --to x
              schedctl check - --to instagram --media run.jpg < caption.txt
            Exits 0 when valid, 2 when not.
            """)

    @Argument(help: "The text, or - to read it from standard input.")
    var text: String

    @Option(help: "The network: x, facebook, linkedin or instagram.")
    var to: String

    @Option(help: "A media file to check with the text. Repeatable.")
    var media: [String] = []

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        _ = try NetworkArgument.parse(to)
    }

    func run() async throws {
        let network = try NetworkArgument.parse(to)
        var references: [MediaReference] = []
        for file in media { references.append(MediaReference(id: try await MediaUpload.upload(file, with: options.client()))) }
        let data = try await options.client().send("POST", "/v1/check", body: CheckRequest(
            text: try TextInput.read(text), network: network, media: references.isEmpty ? nil : references))
        let view = try options.client().decode(CheckView.self, data)
        if options.json {
            Output.json(data)
        } else {
            print("\(view.weightedLength)/\(view.maxLength) characters as \(network.displayName) counts them: \(view.valid ? "valid" : "not valid")")
            for problem in view.problems { print("  - \(problem)") }
        }
        if !view.valid { throw ExitCode(ExitCodes.badInput) }
    }
}
