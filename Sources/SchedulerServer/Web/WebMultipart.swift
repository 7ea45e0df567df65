import Foundation
import SchedulerServices

/// `multipart/form-data` (RFC 7578) as browsers send it: parts separated by `--BOUNDARY` lines, each with a
/// `Content-Disposition: form-data; name="…"` header (and `filename="…"` for a file), a blank line, then the content.
///
/// Read as it arrives (``Parser``), so a 40 MB upload is never held whole: each part's content is handed on in pieces,
/// a file's to a temporary file (``WebFormAssembler``). Anything that is not such a form (no delimiter first, a part
/// without a name) is malformed; a body that ends before the closing delimiter is cut short, and what was read of it is
/// kept so the page can be shown again with it.
package enum WebMultipart {
    /// The boundary a `Content-Type: multipart/form-data; boundary=…` names (quoted or not); nil for any other type.
    package static func boundary(in contentType: String) -> String? {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("boundary=") {
            let value = parameter.dropFirst("boundary=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            // RFC 2046 §5.1.1: 1 to 70 characters.
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// What the parser finds, in order: a part's start (its field name, and its file name and type for a file), its
    /// content in one or more pieces, its end.
    package enum Event {
        case part(name: String, filename: String?, contentType: String?)
        case content(ArraySlice<UInt8>)
        case partEnd
    }

    /// Not a form as a browser sends one; says what was wrong, for the log.
    package struct Malformed: Error, CustomStringConvertible {
        package let description: String
    }

    /// Reads a multipart body piece by piece. It keeps only what it cannot hand on yet: a part's headers (8 KB at most)
    /// or the last bytes of a piece, which may be the start of the next delimiter.
    package struct Parser {
        package static let headerLimit = 8 * 1_024

        private enum State { case preamble, afterDelimiter, headers, content, done }

        private let delimiter: [UInt8]
        private let separator: [UInt8]
        private var buffer: [UInt8] = []
        private var state = State.preamble

        package init(boundary: String) {
            delimiter = Array("--\(boundary)".utf8)
            separator = Array("\r\n--\(boundary)".utf8)
        }

        /// Whether the closing delimiter has been read: the form is whole.
        package var isComplete: Bool { state == .done }

        /// Takes the next bytes of the body, handing `handle` each event they complete.
        package mutating func feed(_ bytes: some Sequence<UInt8>, _ handle: (Event) throws -> Void) throws {
            guard state != .done else { return }  // the epilogue, which browsers leave empty, is ignored
            buffer.append(contentsOf: bytes)
            var cursor = 0
            defer { buffer.removeFirst(cursor) }
            while let next = try step(from: cursor, handle) { cursor = next }
        }

        /// One step from `cursor`: where the next one starts, or nil when more bytes are needed (or the form has ended).
        private mutating func step(from cursor: Int, _ handle: (Event) throws -> Void) throws -> Int? {
            let available = buffer.count - cursor
            switch state {
            case .done:
                return nil
            case .preamble:
                guard available >= delimiter.count else { return nil }
                guard buffer[cursor...].starts(with: delimiter) else { throw Malformed(description: "the body does not start with its boundary") }
                state = .afterDelimiter
                return cursor + delimiter.count
            case .afterDelimiter:
                guard available >= 2 else { return nil }
                if buffer[cursor...].starts(with: [0x2D, 0x2D]) { state = .done; return nil }  // `--`: the last part ended
                guard buffer[cursor...].starts(with: [0x0D, 0x0A]) else { throw Malformed(description: "a boundary is followed by neither CRLF nor --") }
                state = .headers
                return cursor + 2
            case .headers:
                return try headers(from: cursor, handle)
            case .content:
                if let end = WebMultipart.find(separator, in: buffer, from: cursor) {
                    if end > cursor { try handle(.content(buffer[cursor..<end])) }
                    try handle(.partEnd)
                    state = .afterDelimiter
                    return end + separator.count
                }
                // Everything but what could be the start of the separator.
                let safe = buffer.count - (separator.count - 1)
                if safe > cursor { try handle(.content(buffer[cursor..<safe])) }
                return safe > cursor ? safe : nil
            }
        }

        private mutating func headers(from cursor: Int, _ handle: (Event) throws -> Void) throws -> Int? {
            let headerEnd = WebMultipart.find(Array("\r\n\r\n".utf8), in: buffer, from: cursor)
            if let separatorAt = WebMultipart.find(separator, in: buffer, from: cursor), headerEnd.map({ separatorAt < $0 }) ?? true {
                throw Malformed(description: "a part has no blank line after its headers")
            }
            guard let headerEnd else {
                if buffer.count - cursor > Self.headerLimit { throw Malformed(description: "a part's headers are longer than 8 KB") }
                return nil
            }
            let headers = String(decoding: buffer[cursor..<headerEnd], as: UTF8.self)
            guard let disposition = WebMultipart.header("content-disposition", in: headers),
                  let name = WebMultipart.parameter("name", in: disposition) else {
                throw Malformed(description: "a part has no Content-Disposition with a name")
            }
            try handle(.part(name: name, filename: WebMultipart.parameter("filename", in: disposition),
                             contentType: WebMultipart.header("content-type", in: headers)))
            state = .content
            return headerEnd + 4
        }
    }

    /// Where `needle` first starts in `haystack` at or after `start`: a scan for its first byte, then a comparison, which
    /// is linear for a boundary (a line no file content repeats) over a 40 MB upload.
    package static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start >= 0 else { return nil }
        return haystack.withUnsafeBufferPointer { hay in
            var index = start
            while index + needle.count <= hay.count {
                guard let candidate = hay[index...].firstIndex(of: first), candidate + needle.count <= hay.count else { return nil }
                if hay[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
                index = candidate + 1
            }
            return nil
        }
    }

    package static func header(_ name: String, in headers: String) -> String? {
        for line in headers.components(separatedBy: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == name {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// `name="value"` in a header's parameters; browsers escape a quote in a file name as `%22`.
    package static func parameter(_ name: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }
}
