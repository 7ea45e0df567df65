import Foundation

/// `multipart/form-data` (RFC 7578) as browsers send it: parts separated by `--BOUNDARY` lines, each with a
/// `Content-Disposition: form-data; name="…"` header (and `filename="…"` for a file), a blank line, then the content.
/// Anything else (no closing delimiter, a part without a name) makes the whole form unreadable: nothing is half-taken.
enum WebMultipart {
    /// The boundary a `Content-Type: multipart/form-data; boundary=…` names (quoted or not); nil for any other type.
    static func boundary(in contentType: String) -> String? {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("boundary=") {
            let value = parameter.dropFirst("boundary=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            // RFC 2046 §5.1.1: 1 to 70 characters.
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    static func parse(_ body: [UInt8], boundary: String) -> WebForm? {
        let delimiter = Array("--\(boundary)".utf8)
        let separator = Array("\r\n--\(boundary)".utf8)
        guard body.starts(with: delimiter) else { return nil }
        var form = WebForm()
        var cursor = delimiter.count
        while true {
            // After a delimiter: `--` ends the form, CRLF starts a part.
            if body[cursor...].starts(with: Array("--".utf8)) { return form }
            guard body[cursor...].starts(with: Array("\r\n".utf8)) else { return nil }
            cursor += 2
            guard let end = find(separator, in: body, from: cursor),
                  let headerEnd = find(Array("\r\n\r\n".utf8), in: body, from: cursor), headerEnd <= end else { return nil }
            let headers = String(decoding: body[cursor..<headerEnd], as: UTF8.self)
            let content = Array(body[(headerEnd + 4)..<end])
            guard let disposition = header("content-disposition", in: headers), let name = parameter("name", in: disposition) else { return nil }
            if let filename = parameter("filename", in: disposition) {
                if !filename.isEmpty || !content.isEmpty {
                    form.files[name] = WebUpload(filename: filename, contentType: header("content-type", in: headers) ?? "application/octet-stream",
                                                 bytes: content)
                }
            } else {
                form.values.append((name, String(decoding: content, as: UTF8.self)))
            }
            cursor = end + separator.count
            guard cursor <= body.count else { return nil }
        }
    }

    /// Where `needle` first starts in `haystack` at or after `start`: a scan for its first byte, then a comparison, which
    /// is linear for a boundary (a line no file content repeats) over a 40 MB upload.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
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

    static func header(_ name: String, in headers: String) -> String? {
        for line in headers.components(separatedBy: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == name {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// `name="value"` in a header's parameters; browsers escape a quote in a file name as `%22`.
    static func parameter(_ name: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }
}
