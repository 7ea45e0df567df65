/// Prose broken into lines that fit a width, at spaces, so that a message, a doctor's finding or a status line never
/// runs past the terminal (issue 25, bug 8). A command in backticks is kept on one line when it fits on one, so it
/// can be copied whole; a word longer than a line (a path, a URL) is cut into pieces only when nothing else fits.
public enum Wrap {
    /// `text` in lines of at most `width` characters: the first line has `first` columns fewer (a label before it),
    /// the later ones `indent` fewer (they are indented by the caller). Line breaks in `text` are kept. `separator`
    /// is where lines may break (the status line's days break between days, " · "); a piece too wide for a line
    /// breaks at its spaces.
    public static func lines(_ text: String, width: Int, first: Int = 0, indent: Int = 0, separator: String = " ") -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let pieces = separator == " " ? words(String(paragraph)) : paragraph.components(separatedBy: separator).map { Piece($0, glue: separator) }
            lines += fill(pieces, first: max(1, width - (lines.isEmpty ? first : indent)), rest: max(1, width - indent))
        }
        return lines
    }

    /// `label` then `text`, the text's later lines indented to where it started: `label:     text…` over several lines.
    public static func labelled(_ label: String, _ text: String, width: Int, separator: String = " ") -> String {
        let pad = String(repeating: " ", count: label.count)
        return lines(text, width: width, first: label.count, indent: label.count, separator: separator).enumerated()
            .map { ($0.offset == 0 ? label : pad) + $0.element }.joined(separator: "\n")
    }

    /// `text` wrapped to `width`, its further lines indented by `indent` spaces (a heading's, a log line's).
    public static func hanging(_ text: String, width: Int, indent: Int, separator: String = " ") -> String {
        lines(text, width: width, indent: indent, separator: separator).enumerated()
            .map { ($0.offset == 0 ? "" : String(repeating: " ", count: indent)) + $0.element }.joined(separator: "\n")
    }

    /// A piece a line may break before, and what joins it to the piece before it on the same line.
    struct Piece {
        var text: String
        var glue: String
        init(_ text: String, glue: String = " ") { self.text = text; self.glue = glue }
    }

    /// Words, with each backtick span as one piece.
    static func words(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        var quoted: [Substring] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !quoted.isEmpty {
                quoted.append(word)
                if word.contains("`") { pieces.append(Piece(quoted.joined(separator: " "))); quoted = [] }
            } else if word.filter({ $0 == "`" }).count == 1 {
                quoted = [word]
            } else {
                pieces.append(Piece(String(word)))
            }
        }
        return pieces + quoted.map { Piece(String($0)) }
    }

    /// Greedy filling: each piece goes on the current line when it fits, else starts the next; a piece wider than a
    /// whole line is split into its words (a command, a day), and a single word is cut into pieces.
    /// The first line holds `first` characters, the others `rest`.
    static func fill(_ pieces: [Piece], first: Int, rest: Int) -> [String] {
        var lines: [String] = []
        var line: String?
        var pending = pieces[...]
        func width() -> Int { lines.isEmpty ? first : rest }
        while let piece = pending.popFirst() {
            let candidate = line.map { $0 + piece.glue + piece.text } ?? piece.text
            if candidate.count <= width() { line = candidate; continue }
            if let full = line {
                lines.append(full)
                line = nil
                pending.insert(piece, at: pending.startIndex)
            } else if piece.text.contains(" ") {
                // Alone on its line and still too wide: its words, each free to break.
                let split = piece.text.split(separator: " ", omittingEmptySubsequences: false).map { Piece(String($0)) }
                pending.insert(contentsOf: split, at: pending.startIndex)
            } else {
                let room = width()
                lines.append(String(piece.text.prefix(room)))
                pending.insert(Piece(String(piece.text.dropFirst(room))), at: pending.startIndex)
            }
        }
        return lines + [line ?? ""]
    }
}
