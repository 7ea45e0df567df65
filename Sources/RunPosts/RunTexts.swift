import Foundation
import Mustache
import NetworkRules
import RunSummary
import SchedulerCore

/// The text of a run's post for each network, from the built-in templates or the person's own.
///
/// Every text fits its network as schedulerd validates it: X's weighted 280 (twitter-text v3), LinkedIn's 3,000,
/// Facebook's 63,206, and Instagram's 2,200 characters and 30 hashtags. A text that does not fit first loses its
/// optional figures (``RunTextContext/optionalKeys``), then its title is shortened with "…", and last the text
/// itself is cut with "…".
public struct RunTexts: Sendable {
    public let templates: RunTemplates

    public init(templates: RunTemplates = RunTemplates()) {
        self.templates = templates
    }

    public func text(for network: Network, summary: RunSummary, units: Units) throws -> String {
        let template = try templates.template(for: network).template
        return Self.fit(network: network, values: RunTextContext.values(summary, units: units)) { values in
            Self.clean(template.render(values))
        }
    }

    /// The texts of several networks, in the order given; the first template error is thrown.
    public func texts(for networks: [Network], summary: RunSummary, units: Units) throws -> [(Network, String)] {
        try networks.map { ($0, try text(for: $0, summary: summary, units: units)) }
    }

    /// The length of `text` as `network` counts it (X: twitter-text v3 weighted; the others: characters).
    public static func length(_ text: String, network: Network) -> Int {
        NetworkRules.of(network).text.count(text)
    }

    /// The most `network` takes, in its own count.
    public static func maxLength(_ network: Network) -> Int {
        NetworkRules.of(network).text.maxLength
    }

    /// Whether `text` is within `network`'s limits.
    public static func fits(_ text: String, network: Network) -> Bool {
        let rules = NetworkRules.of(network)
        guard rules.text.count(text) <= rules.text.maxLength else { return false }
        if let maxHashtags = rules.maxHashtags, hashtagCount(text) > maxHashtags { return false }
        return true
    }

    /// `#tag` occurrences as Instagram counts them: `#` at the start or after a non-word character, then a word character.
    public static func hashtagCount(_ text: String) -> Int {
        let characters = Array(text)
        var count = 0
        for (index, character) in characters.enumerated() where character == "#" {
            let before = index == 0 ? " " : characters[index - 1]
            let after = index + 1 < characters.count ? characters[index + 1] : " "
            if !(before.isLetter || before.isNumber || before == "_"), after.isLetter || after.isNumber || after == "_" { count += 1 }
        }
        return count
    }

    /// Renders with fewer and fewer optional figures, then a shorter title, then cuts the text, until it fits.
    static func fit(network: Network, values: [String: String], render: ([String: String]) -> String) -> String {
        var values = values
        var text = render(values)
        if fits(text, network: network) { return text }
        for key in RunTextContext.optionalKeys where values[key] != nil {
            values[key] = nil
            text = render(values)
            if fits(text, network: network) { return text }
        }
        // The longest title prefix (whole characters) that fits, with "…".
        let title = Array(values["title"] ?? "")
        func withTitle(_ length: Int) -> String {
            var shortened = values
            let prefix = String(title.prefix(length)).trimmingCharacters(in: .whitespaces)
            shortened["title"] = prefix + "…"
            return render(shortened)
        }
        if !title.isEmpty, fits(withTitle(0), network: network) {
            var low = 0, high = title.count - 1 // withTitle(low) fits
            while low < high {
                let middle = (low + high + 1) / 2
                if fits(withTitle(middle), network: network) { low = middle } else { high = middle - 1 }
            }
            return withTitle(low)
        }
        // The template itself is too long: cut the text.
        let characters = Array(text)
        var low = 0, high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(cut(characters, middle), network: network) { low = middle } else { high = middle - 1 }
        }
        return cut(characters, low)
    }

    private static func cut(_ characters: [Character], _ length: Int) -> String {
        String(characters.prefix(length)).trimmingCharacters(in: .whitespacesAndNewlines) + "…"
    }

    /// No trailing spaces on lines, no runs of blank lines, nothing around the text.
    static func clean(_ text: String) -> String {
        var lines = text.components(separatedBy: "\n").map { line in
            var line = Substring(line)
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
            return String(line)
        }
        var collapsed: [String] = []
        for line in lines where !(line.isEmpty && collapsed.last?.isEmpty == true) { collapsed.append(line) }
        lines = collapsed
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
