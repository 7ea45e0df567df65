import Foundation

/// RFC 4180 CSV as spreadsheets write it: a header row, fields in double quotes when they hold the delimiter, a quote
/// (doubled) or a line break, lines ending in CRLF or LF. The delimiter is the header line's: a comma, or the semicolon
/// spreadsheets in most of Europe write (the comma is their decimal point), or a tab. Each row keeps the file line it
/// starts on, for messages.
struct CSVTable {
    var header: [String]
    var rows: [(line: Int, fields: [String])]

    struct ParseError: Error, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    init(parsing text: String) throws {
        let delimiter = Self.delimiter(of: text)
        var records: [(line: Int, fields: [String])] = []
        var field = ""
        var fields: [String] = []
        var quoted = false
        var afterQuote = false
        var line = 1
        var recordLine = 1
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = iterator.next()
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty) { records.append((recordLine, fields)) }
            fields = []
            field = ""
        }
        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" { field.unicodeScalars.append("\""); pending = iterator.next() } else { quoted = false; afterQuote = true }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard field.isEmpty, !afterQuote else { throw ParseError(line: line, message: "a quote inside a field that does not start with one; quote the whole field and double the quote (\"\")") }
                quoted = true
            case delimiter:
                fields.append(field); field = ""; afterQuote = false
            case "\r" where pending == "\n":
                continue
            case "\n", "\r":
                endRecord(); afterQuote = false
                line += 1
                recordLine = line
            default:
                guard !afterQuote else { throw ParseError(line: line, message: "text after a closing quote; a quoted field ends at its quote") }
                field.unicodeScalars.append(scalar)
            }
        }
        if quoted { throw ParseError(line: recordLine, message: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        guard let first = records.first else { throw ParseError(line: 1, message: "the file is empty; its first line names the columns (at,to,text,…)") }
        header = first.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        rows = Array(records.dropFirst())
        for row in rows where row.fields.count != header.count {
            throw ParseError(line: row.line, message: "\(row.fields.count) fields where the header has \(header.count)")
        }
    }

    /// The delimiter the header line uses most, outside quotes, of `,`, `;` and tab: a comma when it has none.
    static func delimiter(of text: String) -> Unicode.Scalar {
        var counts: [Unicode.Scalar: Int] = [",": 0, ";": 0, "\t": 0]
        var quoted = false
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted.toggle(); continue }
            if quoted { continue }
            if scalar == "\n" || scalar == "\r" { break }
            counts[scalar]? += 1
        }
        let best = counts.max { ($0.value, $0.key == "," ? 1 : 0) < ($1.value, $1.key == "," ? 1 : 0) }!
        return best.value > 0 ? best.key : ","
    }

    /// One field, quoted when it must be.
    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func write(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(quote).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }
}
