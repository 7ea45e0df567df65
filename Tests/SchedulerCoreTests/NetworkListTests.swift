import Foundation
import Testing
@testable import SchedulerCore

/// Issue 48, item 6: help and messages named "x, facebook, linkedin or instagram" long after Bluesky, Mastodon and
/// Threads came. Every list a person reads is built from ``Network/allCases``; a list typed by hand fails here.
@Suite struct NetworkListTests {
    @Test func typedNames_nameEveryNetwork_joinedWithOr() {
        #expect(Network.typedNames() == "x, facebook, linkedin, instagram, bluesky, mastodon or threads")
        #expect(Network.displayNames([.x, .threads]) == "X and Threads")
        #expect(Network.typedNames([.mastodon]) == "mastodon")
        #expect(Network.typedNames([]) == "")
    }

    @Test func shortNameKey_pairsEachCodeWithItsNetwork() {
        #expect(Network.shortNameKey() == "X X, FB Facebook, LI LinkedIn, IG Instagram, BS Bluesky, MA Mastodon, TH Threads")
    }

    /// The calendar's cells name networks by these codes: two networks with one code could not be told apart.
    @Test func shortNames_areDistinct() {
        #expect(Set(Network.allCases.map(\.shortName)).count == Network.allCases.count)
    }

    @Test func everyNetworkButBluesky_linksInABrowser() {
        #expect(Network.allCases.filter { !$0.linksInBrowser } == [.bluesky])
    }

    /// A hand-written list somewhere in the sources: its file and line, and what it says.
    struct Found: CustomStringConvertible {
        var file: String
        var line: Int
        var text: String
        var description: String { "\(file):\(line): \(text)" }
    }

    /// Files whose lists are not for people to read now: the names of released migrations, which are never edited.
    static let exempt = ["Sources/SchedulerStores/SchemaHistory.swift"]

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Three or more networks (by the name typed, the name read or the short code) in a row, joined by commas, "or",
    /// "and" or slashes, as a person's text would list them.
    static let handList: NSRegularExpression = {
        let words = Network.allCases.flatMap { [$0.rawValue, $0.displayName] }.map(NSRegularExpression.escapedPattern(for:))
        let codes = Network.allCases.map(\.shortName).filter { $0.count > 1 }
        let name = "(?:(?i:" + Set(words).sorted().joined(separator: "|") + ")|" + codes.joined(separator: "|") + ")"
        let separator = #"(?:\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+|\s*/\s*)"#
        return try! NSRegularExpression(pattern: #"(?<![\w.])"# + name + #"\b(?:"# + separator + name + #"\b){2,}"#)
    }()

    /// Each line of the text outside comments, and each with the next one joined to it (a list may break across the
    /// lines of a multi-line string).
    static func handLists(in text: String, file: String) -> [Found] {
        let lines = text.components(separatedBy: "\n")
        var found: [Found] = []
        for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            var joined = line.hasSuffix("\\") ? String(line.dropLast()) : line
            if index + 1 < lines.count { joined += " " + lines[index + 1].trimmingCharacters(in: .whitespaces) }
            let range = NSRange(joined.startIndex..., in: joined)
            guard let match = handList.firstMatch(in: joined, range: range), let swiftRange = Range(match.range, in: joined) else { continue }
            // A list that starts on the next line is that line's.
            guard match.range.location < (line as NSString).length else { continue }
            found.append(Found(file: file, line: index + 1, text: String(joined[swiftRange])))
        }
        return found
    }

    @Test func handLists_areFound_inTextAndAcrossLines() {
        #expect(Self.handLists(in: #"@Argument(help: "The network: x, facebook, linkedin or instagram.")"#, file: "a").count == 1)
        #expect(Self.handLists(in: "its networks (X, FB, LI, IG) and", file: "a").count == 1)
        #expect(Self.handLists(in: "Texts come from (x, facebook,\\\n    linkedin, instagram) in", file: "a").map(\.line) == [1])
        #expect(Self.handLists(in: "    // X, Facebook and LinkedIn", file: "a").isEmpty, "comments are not read by people")
        #expect(Self.handLists(in: "case .x, .facebook, .linkedin: nil", file: "a").isEmpty, "code is not a list a person reads")
        #expect(Self.handLists(in: "Facebook and Instagram", file: "a").isEmpty, "two networks are a pair, not a list")
    }

    @Test func noTextInTheSources_listsNetworksByHand() throws {
        let sources = Self.repository.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
            .filter { ["swift", "json", "mustache", "html"].contains($0.pathExtension) }
        #expect(files.count > 100, "the sources were found at \(sources.path)")
        var found: [Found] = []
        for file in files {
            let path = String(file.path.dropFirst(Self.repository.path.count + 1))
            guard !Self.exempt.contains(path) else { continue }
            found += Self.handLists(in: try String(contentsOf: file, encoding: .utf8), file: path)
        }
        #expect(found.isEmpty, "build these from Network.allCases (Network+Lists.swift):\n\(found.map(\.description).joined(separator: "\n"))")
    }
}
