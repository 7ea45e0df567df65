import ArgumentParser
import Foundation

/// An option the command does not have, found in the raw arguments (issue 48, item 9).
///
/// The parser runs a command's `validate()` before it checks that every argument was used, so
/// `schedctl schedule "x" --when "in 1h"` said "give --at TIME, --next-slot, or --draft" – a rule about
/// options the person did not mean to leave out – instead of naming the option it does not know. When a
/// command line is refused, this is looked for first, and reported the way the parser reports it.
struct UnknownOption: Equatable {
    /// The command whose option was mistyped, as typed: `schedctl schedule`.
    var command: String
    /// The option as typed, without any `=VALUE`: `--when`.
    var typed: String
    /// The command's closest options, best first; empty when none is close.
    var closest: [String]

    var message: String {
        let suggestion = closest.isEmpty ? "" : " Did you mean " + closest.map { "'\($0)'" }.joined(separator: " or ") + "?"
        return "Unknown option '\(typed)'.\(suggestion)"
    }

    /// The first word of `arguments` that looks like an option and is none of the command's, or nil.
    static func find(in arguments: [String], root: any ParsableCommand.Type) -> UnknownOption? {
        var command = root
        var path = [root.configuration.commandName ?? "\(root)"]
        var rest: [String] = []
        var words = arguments[...]
        // The command the arguments are for: the subcommands named, then the default one if any.
        while let word = words.first {
            if let next = command.configuration.subcommands.first(where: { names(of: $0).contains(word) }) {
                command = next
                path.append(word)
                words.removeFirst()
            } else if word.hasPrefix("-") && word != "-" && word != "--" {
                // An option before the command's name (`--socket PATH schedule`), kept for the scan.
                rest.append(words.removeFirst())
                if word == "--socket", let value = words.popFirst() { rest.append(value) }
            } else {
                break
            }
        }
        if let fallback = command.configuration.defaultSubcommand, command.configuration.subcommands.contains(where: { $0 == fallback }) {
            command = fallback
        }
        guard command.configuration.subcommands.isEmpty, let options = Options(command) else { return nil }
        rest += words
        var index = rest.startIndex
        while index < rest.endIndex {
            let word = rest[index]
            index += 1
            if word == "--" { break }
            guard let name = optionName(word) else { continue }
            if let known = options.known(name) {
                // Its value is not an option, however it looks (`--lateness -5m`).
                if known.takesValue && !word.contains("=") && index < rest.endIndex
                    && (known.unconditional || optionName(rest[index]) == nil) {
                    index += 1
                }
                continue
            }
            let longNames = options.longNames.map { "--" + $0 }
            return UnknownOption(command: path.joined(separator: " "), typed: name,
                                 closest: name.hasPrefix("--") ? SubcommandSuggestion.closest(to: name, among: longNames) : [])
        }
        return nil
    }

    /// `--name` or `-n` of a word that looks like an option (not `-`, `--`, a negative number or `-5m`), without its `=VALUE`.
    private static func optionName(_ word: String) -> String? {
        let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
        if name.hasPrefix("--") {
            return name.dropFirst(2).first?.isLetter == true ? name : nil
        }
        return name.hasPrefix("-") && name.dropFirst().first?.isLetter == true ? name : nil
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [command.configuration.commandName].compactMap { $0 } + command.configuration.aliases
    }

    /// A command's options and flags, as the parser describes them (`--experimental-dump-help`'s JSON).
    private struct Options {
        struct Known {
            var takesValue: Bool
            var unconditional: Bool
        }

        var long: [String: Known] = ["help": Known(takesValue: false, unconditional: false)]
        var short: [String: Known] = ["h": Known(takesValue: false, unconditional: false)]

        var longNames: [String] { long.keys.sorted() }

        init?(_ command: any ParsableCommand.Type) {
            guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8)) else { return nil }
            for argument in dump.command.arguments ?? [] where argument.kind != "positional" {
                let known = Known(takesValue: argument.kind == "option", unconditional: argument.parsingStrategy == "unconditional")
                for name in argument.names ?? [] {
                    if name.kind == "short" { short[name.name] = known } else { long[name.name] = known }
                }
            }
        }

        func known(_ option: String) -> Known? {
            if option.hasPrefix("--") { return long[String(option.dropFirst(2))] }
            let letters = String(option.dropFirst())
            // A long name with a single dash, one short option, or several short flags run together (`-vq`).
            if let named = long[letters] ?? short[letters] { return named }
            let each = letters.map { short[String($0)] }
            guard each.allSatisfy({ $0 != nil }) else { return nil }
            return each.last ?? nil
        }
    }

    private struct Dump: Decodable {
        struct Command: Decodable { var arguments: [Argument]? }
        struct Argument: Decodable {
            struct Name: Decodable { var kind: String; var name: String }
            var kind: String
            var names: [Name]?
            var parsingStrategy: String?
        }
        var command: Command
    }
}
