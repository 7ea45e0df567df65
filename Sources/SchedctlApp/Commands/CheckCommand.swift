import ArgumentParser
import Foundation
import NetworkRules
import SchedulerCore

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Count text the way a network does and list every problem, without scheduling.",
        discussion: """
            Examples:
              schedctl check "Ran 10k 🏃 https://example.com/run" --to x
              schedctl check "Ran 10k" --to instagram --to x --media run.jpg
              schedctl check - --to instagram --media run.jpg < caption.txt
            Every --to is checked. Exits 0 when the text is valid for each, 2 when not.
            The rules are built into schedctl: no daemon is needed (X's rule against \
            repeating a recent post needs the account's posts: `schedule` checks it).
            With --json: the check's object for one --to, an object keyed by network for several.
            """)

    @Argument(help: "The text, or - to read it from standard input.")
    var text: String

    @Option(help: "A network to check for: \(Network.typedNames()). Repeatable.")
    var to: [String] = []

    @Option(help: "A media file to check with the text. Repeatable.")
    var media: [String] = []

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard !to.isEmpty else { throw ValidationError("give the network to check for: --to x (repeatable)") }
        for network in to { _ = try NetworkArgument.parse(network) }
    }

    func run() async throws {
        var networks: [Network] = []
        for name in to {
            let network = try NetworkArgument.parse(name)
            if !networks.contains(network) { networks.append(network) }
        }
        // Checked here, with the rules the daemon applies (the NetworkRules library): nothing is uploaded, no daemon asked.
        let items = try media.map { try LocalMedia.item($0) }
        let body = try TextInput.read(text)
        let checks = networks.map { network in
            (network: network, view: NetworkRules.of(network).check(PublishRequest(text: body, media: items)))
        }
        if options.json {
            if checks.count == 1 {
                try Output.json(checks[0].view)
            } else {
                try Output.json(Dictionary(uniqueKeysWithValues: checks.map { ($0.network.rawValue, $0.view) }))
            }
        } else {
            for check in checks {
                print("\(check.view.weightedLength)/\(check.view.maxLength) characters as \(check.network.displayName) counts them: "
                      + (check.view.valid ? "valid" : "not valid"))
                for problem in check.view.problems { print("  - \(problem)") }
                for note in check.view.notes ?? [] { print("  note: \(note)") }
            }
        }
        if checks.contains(where: { !$0.view.valid }) { throw ExitCode(ExitCodes.badInput) }
    }
}
