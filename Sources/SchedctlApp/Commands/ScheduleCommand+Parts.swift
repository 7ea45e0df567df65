import ArgumentParser
import Foundation
import SchedulerCore

/// `schedule`'s X threads and first comments: the parts come from --thread, --thread-file, or a TEXT split at lines
/// '---'; each part's files are uploaded before the post is sent.
extension ScheduleCommand {
    var hasParts: Bool {
        !thread.isEmpty || threadFile != nil || !partMedia.isEmpty || !partAlt.isEmpty || firstComment != nil || !firstCommentFor.isEmpty
    }

    func validateParts() throws {
        for (option, entries) in [("--part-media", partMedia), ("--part-alt", partAlt)] {
            for entry in entries {
                guard let (part, _) = Self.numbered(entry), part >= 1 else {
                    throw ValidationError("\(option) takes N=VALUE with N a part's number from 1, not '\(entry)'")
                }
            }
        }
        for entry in partMedia {
            let file = Self.numbered(entry)!.value
            if let problem = LocalFile.problem(file, what: "the media file") { throw ValidationError(problem) }
        }
        for part in Set(partAlt.compactMap { Self.numbered($0)?.part }) {
            let alts = partAlt.filter { Self.numbered($0)?.part == part }.count
            let files = partMedia.filter { Self.numbered($0)?.part == part }.count
            if alts > files { throw ValidationError("\(alts) --part-alt for part \(part), which has \(files) --part-media") }
        }
        if runFile != nil, !thread.isEmpty || threadFile != nil { throw ValidationError("--run FILE writes its own text; leave out --thread") }
    }

    /// The parts of the post in order: TEXT split at lines '---', or --thread, or --thread-file; part N carries its
    /// --part-media. One part for a post that is no thread.
    func threadParts(first: String) async throws -> [ThreadPartRequest] {
        let texts: [String]
        if !thread.isEmpty {
            texts = thread
        } else if let threadFile {
            texts = Self.split(try Self.read(threadFile))
        } else {
            texts = Self.split(first)
        }
        if texts.count == 1, partMedia.isEmpty { return [ThreadPartRequest(text: texts[0])] }
        if highestPart > texts.count {
            throw CLIError.badInput("--part-media names part \(highestPart), but the post has \(texts.count) part\(texts.count == 1 ? "" : "s")")
        }
        let media = try await uploadedPartMedia(parts: texts.count)
        return zip(texts, media).map { ThreadPartRequest(text: $0, media: $1.isEmpty ? nil : $1) }
    }

    /// The highest part number --part-media names (1 without any).
    var highestPart: Int { partMedia.compactMap { Self.numbered($0)?.part }.max() ?? 1 }

    /// The --part-media of parts 1 to `count`, each uploaded with `POST /v1/media` with its --part-alt.
    func uploadedPartMedia(parts count: Int) async throws -> [[MediaReference]] {
        var parts: [[MediaReference]] = []
        for number in 1...max(1, count) {
            let files = partMedia.compactMap(Self.numbered).filter { $0.part == number }.map(\.value)
            let alts = partAlt.compactMap(Self.numbered).filter { $0.part == number }.map(\.value)
            var media: [MediaReference] = []
            for (position, file) in files.enumerated() {
                media.append(try await MediaUpload.reference(file, alt: position < alts.count ? alts[position] : nil, with: options.client()))
            }
            parts.append(media)
        }
        return parts
    }

    /// A text's parts: split at each line that is exactly '---', each part trimmed of the blank lines around it.
    static func split(_ text: String) -> [String] {
        var parts: [[Substring]] = [[]]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces) == "---", line.first == "-" { parts.append([]) } else { parts[parts.count - 1].append(line) }
        }
        return parts.map { $0.joined(separator: "\n").trimmingCharacters(in: .newlines) }
    }

    static func read(_ file: String) throws -> String {
        if file == "-" { return try TextInput.read("-") }
        return try LocalFile.text(file, what: "the thread file")
    }

    /// `KEY=VALUE` split at the first `=`, empty pieces dropped.
    static func pieces(_ entry: String) -> [String] {
        entry.split(separator: "=", maxSplits: 1).map(String.init)
    }

    /// `N=VALUE`.
    static func numbered(_ entry: String) -> (part: Int, value: String)? {
        let pieces = pieces(entry)
        guard pieces.count == 2, let part = Int(pieces[0].trimmingCharacters(in: .whitespaces)) else { return nil }
        return (part, pieces[1])
    }

    /// `ACCOUNT=TEXT` entries by account; `ACCOUNT=` is an empty text.
    static func pairs(_ entries: [String]) -> [String: String] {
        var pairs: [String: String] = [:]
        for entry in entries {
            let pieces = pieces(entry)
            pairs[pieces[0]] = pieces.count > 1 ? pieces[1] : ""
        }
        return pairs
    }
}
