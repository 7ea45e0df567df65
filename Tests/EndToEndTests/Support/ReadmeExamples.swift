import Foundation

/// The `schedctl` command lines of the shell code blocks in the README and the guides under docs/, as a person would
/// copy them (issue 25, bug 7).
struct ReadmeExample: CustomStringConvertible {
    /// The line as it is run by `/bin/sh`: continuation lines joined.
    var line: String
    /// Which ```sh block it is in (from 0, counted across every page read), so a post id can mean a post made earlier in
    /// the same block.
    var block: Int
    /// The page it is in, as the repository names it (`README.md`, `docs/planning.md`).
    var page: String
    /// Where it starts in its page, from 1.
    var lineNumber: Int

    var description: String { "\(page):\(lineNumber): \(line)" }

    /// The post id the example names (`edit 12`, `schedule --post 12`, `cancel 40 --series`), with the word before it.
    var postID: (after: String, id: String)? {
        let words = line.split(separator: " ").map(String.init)
        for (index, word) in words.enumerated() where index + 1 < words.count {
            let next = words[index + 1]
            guard next.allSatisfy(\.isNumber) else { continue }
            if ["show", "edit", "cancel", "duplicate", "history", "--post"].contains(word) { return (word, next) }
        }
        return nil
    }

    /// The line with its post id replaced by `id`.
    func naming(post id: Int64) -> String {
        guard let (word, written) = postID, let range = line.range(of: "\(word) \(written)") else { return line }
        return line.replacingCharacters(in: range, with: "\(word) \(id)")
    }

    /// The examples of every page, in the order given, their blocks numbered across the pages.
    static func all(inPages pages: [(path: String, name: String)]) throws -> [ReadmeExample] {
        var examples: [ReadmeExample] = []
        for page in pages {
            let firstBlock = (examples.last?.block ?? -1) + 1
            examples += try all(inReadmeAt: page.path, named: page.name, firstBlock: firstBlock)
        }
        return examples
    }

    /// Every ```sh block's lines that run `schedctl` (or pipe a line into it), in order; comment lines are left out.
    static func all(inReadmeAt path: String, named name: String = "README.md", firstBlock: Int = 0) throws -> [ReadmeExample] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        var examples: [ReadmeExample] = []
        var block = firstBlock - 1
        var inShell = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("```") {
                inShell = !inShell && line == "```sh"
                if inShell { block += 1 }
                index += 1
                continue
            }
            let start = index
            var joined = line
            while inShell, joined.hasSuffix("\\"), index + 1 < lines.count {
                index += 1
                joined = String(joined.dropLast()) + " " + lines[index].trimmingCharacters(in: .whitespaces)
            }
            let trimmed = joined.trimmingCharacters(in: .whitespaces)
            // A line that runs schedctl, or pipes a line into it (`printf '%s\n' PASSWORD | schedctl web user add …`).
            let pipedIn = trimmed.range(of: #"^printf [^|]*\| *schedctl "#, options: .regularExpression) != nil
            if inShell, !trimmed.hasPrefix("#"), trimmed.hasPrefix("schedctl ") || trimmed.hasPrefix("$BIN/schedctl ") || pipedIn {
                examples.append(ReadmeExample(line: trimmed, block: block, page: name, lineNumber: start + 1))
            }
            index += 1
        }
        return examples
    }
}
