import ArgumentParser

/// "did you mean 'link'?" for a mistyped command: `schedctl accounts lnk` names the command it was meant to be,
/// as git and kubectl do, instead of the parser's bare "Unexpected argument 'lnk'".
struct SubcommandSuggestion: Equatable {
    /// The command whose subcommand was mistyped, as typed: `schedctl accounts`.
    var command: String
    /// The word that is no command of it.
    var typed: String
    /// The closest commands, best first; empty when none is close.
    var closest: [String]
    /// Every visible command of `command`, for when none is close.
    var choices: [String]

    /// The first word of `arguments` that should have been a subcommand and is none, with the closest ones; nil when
    /// the command line went wrong somewhere else (an option, a value), which the parser's own message explains.
    static func find(in arguments: [String], root: any ParsableCommand.Type) -> SubcommandSuggestion? {
        var command = root
        var path = [root.configuration.commandName ?? "\(root)"]
        var words = arguments[...]
        while let word = words.popFirst() {
            // The options every command shares may come before the mistyped word (`accounts --json lnk`).
            if word == "--json" || word.hasPrefix("--socket=") { continue }
            if word == "--socket" { _ = words.popFirst(); continue }
            let subcommands = command.configuration.subcommands
            // An option, or a word given to a command without subcommands, is the parser's to explain.
            guard !word.hasPrefix("-"), !subcommands.isEmpty, word != "help" else { return nil }
            if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
                command = next
                path.append(word)
                continue
            }
            let visible = subcommands.filter { $0.configuration.shouldDisplay }
            let candidates = visible.flatMap { names(of: $0) }
            return SubcommandSuggestion(command: path.joined(separator: " "), typed: word,
                                        closest: closest(to: word, among: candidates),
                                        choices: visible.compactMap { $0.configuration.commandName })
        }
        return nil
    }

    /// What to print instead of the parser's first line.
    var message: String {
        if closest.isEmpty {
            return "'\(typed)' is not a command of '\(command)'; its commands are \(choices.joined(separator: ", "))."
        }
        let quoted = closest.map { "'\($0)'" }
        return "'\(typed)' is not a command of '\(command)'; did you mean \(quoted.joined(separator: " or "))?"
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [command.configuration.commandName].compactMap { $0 } + command.configuration.aliases
    }

    /// The names within a typo's reach of `word` (a letter missing, extra, wrong or two swapped; two for longer
    /// names), or that it begins; nearest first, at most two so the hint stays one line.
    static func closest(to word: String, among names: [String]) -> [String] {
        let typed = word.lowercased()
        let scored: [(name: String, distance: Int)] = names.compactMap { name in
            if name.hasPrefix(typed), typed.count >= 2 { return (name, 0) }
            let distance = editDistance(typed, name)
            let reach = name.count >= 6 ? 2 : 1
            return distance <= reach ? (name, distance) : nil
        }
        let best = scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
        guard let nearest = best.first?.distance else { return [] }
        return Array(best.filter { $0.distance == nearest }.map(\.name).prefix(2))
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours cost 1.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}

extension Schedctl {
    /// The parser's message for a command line it refused; when a command was mistyped, ``SubcommandSuggestion``
    /// instead, pointing at the help of the command whose subcommands it lists (the parser's usage lines would show a
    /// default subcommand's, such as `accounts list`, which is not what was meant); and when an option is unknown
    /// but a command's own rule was broken first, ``UnknownOption``: the rule may only be broken because of it.
    static func usageMessage(for error: any Error, arguments: [String]) -> String {
        if let suggestion = SubcommandSuggestion.find(in: arguments, root: Schedctl.self) {
            return "Error: \(suggestion.message)\n  See '\(suggestion.command) --help' for its commands."
        }
        if let unknown = unknownOption(behind: error, arguments: arguments) {
            return "Error: \(unknown.message)\n  See '\(unknown.command) --help' for its options."
        }
        return fullMessage(for: error)
    }

    /// The same in one sentence, for `--json`'s `error`: the suggestion, or the parser's own message.
    static func shortMessage(for error: any Error, arguments: [String]) -> String {
        SubcommandSuggestion.find(in: arguments, root: Schedctl.self)?.message
            ?? unknownOption(behind: error, arguments: arguments)?.message ?? message(for: error)
    }

    /// An unknown option the parser's message does not name already (its own "Unknown option" is kept).
    private static func unknownOption(behind error: any Error, arguments: [String]) -> UnknownOption? {
        guard !message(for: error).hasPrefix("Unknown option") else { return nil }
        return UnknownOption.find(in: arguments, root: Schedctl.self)
    }
}
