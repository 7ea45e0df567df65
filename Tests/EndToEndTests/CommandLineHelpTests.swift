import Foundation
import SchedulerCore
import Testing

/// schedctl as typed by a person: a mistyped command names the one meant, and help fits the terminal it is shown on.
@Suite struct CommandLineHelpTests {
    struct Typo: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        /// What the first line of the error must say.
        var says: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let typos: [Typo] = [
        Typo(arguments: ["accounts", "lnk"], says: "'lnk' is not a command of 'schedctl accounts'; did you mean 'link'?"),
        Typo(arguments: ["acounts", "list"], says: "'acounts' is not a command of 'schedctl'; did you mean 'accounts'?"),
        Typo(arguments: ["shedule", "hello", "--to", "x:@me", "--at", "now"], says: "did you mean 'schedule'?"),
        Typo(arguments: ["handoff", "dnoe", "3"], says: "did you mean 'done'?"),
        Typo(arguments: ["sandbox", "recieved"], says: "did you mean 'received'?"),
        Typo(arguments: ["accounts", "li"], says: "did you mean 'link' or 'list'?"),
        Typo(arguments: ["accounts", "frobnicate"], says: "'frobnicate' is not a command of 'schedctl accounts'; its commands are link, add,"),
    ]

    @Test(arguments: typos)
    func mistypedCommand_namesTheClosestOne_andExitsWithBadInput(_ typo: Typo) throws {
        let run = try Schedctl.run(typo.arguments, socket: "/nonexistent/control.sock")

        #expect(run.status == 2, "bad input, nothing sent to a daemon: \(run.stderr)")
        let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("Error: ") && first.contains(typo.says), "\(first)")
        #expect(run.stderr.contains("--help"), "the usage lines still say where to look: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// A watch's own file is a run file as GPX and TCX are: the FILE argument's help names it.
    @Test func runSummaryHelp_namesFITFiles() throws {
        let help = try Self.help(["run-summary", "--help"], columns: 250)
        #expect(help.contains("a TCX activity or a FIT activity file from the watch"), "\(help)")
    }

    /// Issue 48, item 6: help listed four networks of seven. Each command whose help lists the networks it takes
    /// lists every one it takes, as ``Network/typedNames(_:joinedBy:)`` writes them.
    @Test func helpListingNetworks_namesEveryNetworkItTakes() throws {
        let every = Network.typedNames()
        let lists: [(command: [String], list: String)] = [
            (["accounts", "link"], Network.typedNames(Network.allCases.filter(\.linksInBrowser))), (["accounts", "add"], every),
            (["sandbox", "token"], every), (["check"], every), (["pause"], every), (["resume"], every), (["run-summary"], every),
            (["run-summary"], Network.typedNames(joinedBy: "and")), (["calendar"], Network.shortNameKey()),
        ]
        for (command, list) in lists {
            let help = try Self.help(command + ["--help"], columns: 400)
            #expect(help.contains(list), "schedctl \(command.joined(separator: " ")) --help lists other networks than '\(list)':\n\(help)")
        }
        #expect(!Network.typedNames(Network.allCases.filter(\.linksInBrowser)).contains("bluesky"), "Bluesky links with `accounts add`")
    }

    @Test func mistakeThatIsNoCommand_keepsTheParsersOwnMessage() throws {
        let run = try Schedctl.run(["list", "--limt", "3"], socket: "/nonexistent/control.sock")
        #expect(run.status == 2)
        #expect(run.stderr.contains("Unknown option '--limt'. Did you mean '--limit'?"), "\(run.stderr)")
    }

    /// Issue 48, item 9: the parser runs a command's own checks before it looks for options it does not know, so
    /// `--when` was answered with "give --at TIME, --next-slot, or --draft"; the unknown option is named first.
    @Test func unknownOption_isReportedBeforeTheCommandsOwnRules() throws {
        let when = try Schedctl.run(["schedule", "x", "--when", "in 1h"], socket: "/nonexistent/control.sock")
        #expect(when.status == 2)
        let first = when.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first == "Error: Unknown option '--when'.", "\(when.stderr)")
        #expect(when.stderr.contains("See 'schedctl schedule --help'") && !when.stderr.contains("give --at"), "\(when.stderr)")

        let close = try Schedctl.run(["schedule", "x", "--to", "x:@me", "--latenes", "30m", "--json"], socket: "/nonexistent/control.sock")
        #expect(close.status == 2)
        #expect(close.stderr.contains("Unknown option '--latenes'. Did you mean '--lateness'?"), "\(close.stderr)")
        #expect(close.stdout.contains("Unknown option '--latenes'"), "--json's error names it too: \(close.stdout)")

        // Values that look like options are values: only the command's own rule is left to report.
        let negative = try Schedctl.run(["schedule", "x", "--to", "x:@me", "--lateness", "-5m"], socket: "/nonexistent/control.sock")
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("give --at TIME, --next-slot, or --draft"), "\(negative.stderr)")
    }

    /// `COLUMNS` (else the terminal's width) sets where help lines break: nothing but the synopsis is wider than asked, and on a wide
    /// terminal a paragraph is one line, not the 100-column lines it was typed in.
    @Test func help_reflowsToTheTerminalsWidth() throws {
        for command in [["--help"], ["accounts", "add", "--help"], ["check", "--help"]] {
            let narrow = try Self.help(command, columns: 60)
            // The USAGE line is the parser's synopsis, which it never wraps.
            let tooWide = narrow.split(separator: "\n").filter { $0.count > 60 && !$0.hasPrefix("USAGE:") }
            #expect(tooWide.isEmpty, "\(command) at 60 columns: \(tooWide)")

            let wide = try Self.help(command, columns: 250)
            #expect(wide.split(separator: "\n").count < narrow.split(separator: "\n").count, "\(command): fewer lines when wider")
        }
        let wide = try Self.help(["accounts", "add", "--help"], columns: 250)
        #expect(wide.contains("X takes an OAuth 1.0a access token and secret (developer portal); LinkedIn a member token (token generator);"),
                "a paragraph is not broken where its source line ended:\n\(wide)")
    }

    /// Help is reflowed only if its prose is not broken by hand: a line of a paragraph that ends mid-sentence and
    /// is followed by more of it (examples, indented, and lists of lines ending with ':' or a full stop are fine).
    @Test func everyCommandsDiscussion_isWrittenAsParagraphs_notHardWrappedLines() throws {
        let run = try Schedctl.run(["--experimental-dump-help"], socket: nil)
        #expect(run.status == 0)
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        var broken: [String] = []
        func visit(_ command: [String: Any], path: String) {
            let name = path.isEmpty ? (command["commandName"] as? String ?? "") : path + " " + (command["commandName"] as? String ?? "")
            for key in ["abstract", "discussion"] {
                let lines = (command[key] as? String ?? "").split(separator: "\n", omittingEmptySubsequences: false)
                for (line, next) in zip(lines, lines.dropFirst()) where Self.continuesOnTheNextLine(line, next) {
                    broken.append("\(name) \(key): '\(line.suffix(30))' ⏎ '\(next.prefix(30))'")
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { visit(sub, path: name) }
        }
        visit(try #require(dump["command"] as? [String: Any]), path: "")
        #expect(broken.isEmpty, "hard-wrapped help text (join the lines, or end the line with \\ in the literal):\n\(broken.joined(separator: "\n"))")
    }

    /// Issue 25: examples wrapped mid-command at 80 columns, the rest of a command on a line of its own where it could
    /// not be copied. Every command's help at COLUMNS=80: each example line (an indented `schedctl …` line of its
    /// discussion, a line continuing one with `\`, or an `Example: schedctl …` line) is a line of the help, whole.
    @Test func everyExampleLine_staysWholeOnItsLine_at80Columns() throws {
        let run = try Schedctl.run(["--experimental-dump-help"], socket: nil)
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        var commands: [(path: [String], examples: [String])] = []
        func visit(_ command: [String: Any], path: [String]) {
            var examples: [String] = []
            for line in (command["discussion"] as? String ?? "").split(separator: "\n").map(String.init) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                let continues = examples.last?.hasSuffix("\\") == true && line.hasPrefix(" ")
                if continues || (line.hasPrefix(" ") && trimmed.hasPrefix("schedctl ")) || (line.hasPrefix("Example") && line.contains("schedctl ")) {
                    examples.append(line)
                }
            }
            if !examples.isEmpty { commands.append((path, examples)) }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { visit(sub, path: path + [sub["commandName"] as? String ?? ""]) }
        }
        visit(try #require(dump["command"] as? [String: Any]), path: [])
        #expect(commands.count > 15, "the commands with examples: \(commands.map { $0.path.joined(separator: " ") })")
        var broken: [String] = []
        for command in commands {
            let help = Set(try Self.help(command.path + ["--help"], columns: 80).split(separator: "\n").map(String.init))
            for example in command.examples where !help.contains(example) || example.count > 80 {
                broken.append("schedctl \(command.path.joined(separator: " ")): \(example)")
            }
        }
        #expect(broken.isEmpty, "examples broken at 80 columns (shorten them, or continue them with \\ on the next line):\n\(broken.joined(separator: "\n"))")
    }

    private static func continuesOnTheNextLine(_ line: Substring, _ next: Substring) -> Bool {
        guard let last = line.last, let first = next.first, !line.hasPrefix(" "), !next.hasPrefix(" ") else { return false }
        return !".:!?)".contains(last) && (first.isLowercase || first.isNumber || line.hasSuffix(","))
    }

    private static func help(_ arguments: [String], columns: Int) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Products.path("schedctl"))
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = String(columns)
        environment["LINES"] = "50"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
