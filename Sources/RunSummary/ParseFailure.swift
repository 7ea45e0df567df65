import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Turns an XML parser failure into words: not XML at all, a file cut short, or malformed XML with its line and column.
enum ParseFailure {
    static func describe(parser: XMLParser, reader: RunXMLReader, path: String) -> String {
        let error = reader.syntaxError
        guard let root = reader.rootName else {
            return "not a GPX, TCX or FIT file: it is not XML, nor FIT; \(opening(of: path))"
        }
        // Cut short: the root still open where the parser stopped, and it stopped at the end of the file.
        // (libxml2 reports a cut inside a tag as a broken tag, so the position tells, not the error code.)
        if let error, error.rootOpen, isAtEnd(line: error.line, column: error.column, of: path) {
            return "the file ends before </\(root)>: it may be truncated"
        }
        if error == nil, !reader.rootClosed {
            return "the file ends before </\(root)>: it may be truncated"
        }
        let line = error?.line ?? parser.lineNumber, column = error?.column ?? parser.columnNumber
        let reason = error.map { explain(code: $0.code) } ?? "the XML is incomplete"
        return "malformed XML at line \(line), column \(column): \(reason)"
    }

    /// The parser's error codes (libxml2's numbers, which `XMLParser.ErrorCode` mirrors), in words, for the
    /// mistakes hand-edited and broken exports actually have.
    static func explain(code: Int) -> String {
        switch code {
        case 4: "there is no XML element in it"
        case 5: "there is more content after the root element ends"
        case 23, 26, 68: "a name or character reference is broken (a bare \"&\" must be written \"&amp;\")"
        case 38: "an attribute value contains \"<\""
        case 39, 40, 41, 42: "an attribute is broken (unquoted, unfinished or repeated)"
        case 73: "a tag is not closed with \">\""
        case 76: "an end tag does not match its start tag"
        case 77: "a tag is not finished"
        case 85: "the tags are not well balanced"
        default: "XML parser error \(code)"
        }
    }

    /// Whether a parser position is at the end of the file: on its last line with anything on it, at or past that
    /// line's end. (Columns count bytes from 1; the file is read in chunks, only when something went wrong.)
    private static func isAtEnd(line: Int, column: Int, of path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        var lastLine = 1, lastLineLength = 0      // of the last line with content
        var currentLine = 1, currentLength = 0
        while let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty {
            for byte in chunk {
                if byte == 10 {
                    currentLine += 1; currentLength = 0
                } else {
                    currentLength += 1
                    if byte != 32, byte != 9, byte != 13 { lastLine = currentLine; lastLineLength = currentLength }
                }
            }
        }
        return line > lastLine || (line == lastLine && column >= lastLineLength)
    }

    /// What the file's first bytes are, in words (``FileOpening``): never the bytes themselves.
    private static func opening(of path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "it cannot be read again to say what it is" }
        defer { try? handle.close() }
        return FileOpening.describe(Array((try? handle.read(upToCount: 64)) ?? Data()))
    }
}
