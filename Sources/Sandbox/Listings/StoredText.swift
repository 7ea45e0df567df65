/// Text as Graph (a Page post's `message`, an Instagram `caption`) and LinkedIn (a post's `commentary`)
/// give it back: the words as sent, the whitespace tidied.
///
/// Neither reference promises to return text byte for byte, and both are seen to store it their own
/// way, so the sandbox picks plausible, deterministic rewrites and applies them whenever a post is read
/// (listed or fetched by id), never to what ``Recorder`` shows as received:
///
/// - every line break becomes `\n` (`\r\n` and a lone `\r` included);
/// - spaces and tabs at the end of each line are dropped;
/// - the text is trimmed of leading and trailing whitespace;
/// - LinkedIn also collapses each run of spaces and tabs inside a line to one space.
///
/// A client that matches its post by text must compare with whitespace normalised.
enum StoredText {
    /// How Graph keeps a message or caption.
    static func graph(_ text: String) -> String {
        tidied(text, collapsingRuns: false)
    }

    /// How LinkedIn keeps a commentary.
    static func linkedIn(_ text: String) -> String {
        tidied(text, collapsingRuns: true)
    }

    private static func tidied(_ text: String, collapsingRuns: Bool) -> String {
        // Swift treats "\r\n" as one Character, so splitting on newlines takes all three kinds of break.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line -> String in
            var kept = String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if collapsingRuns { kept = collapsed(kept) }
            return kept
        }
        return trimmed(lines.joined(separator: "\n"))
    }

    /// Each run of spaces and tabs as one space.
    private static func collapsed(_ line: String) -> String {
        var result = ""
        var inRun = false
        for character in line {
            if character == " " || character == "\t" {
                if !inRun { result.append(" ") }
                inRun = true
            } else {
                result.append(character)
                inRun = false
            }
        }
        return result
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
