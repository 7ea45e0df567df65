/// A header value with `;`-separated parameters: `multipart/form-data; boundary="abc"` or
/// `form-data; name="media"; filename="run.jpg"` (RFC 9110 §5.6.6, RFC 7578 §4.2).
///
/// Parameter names are compared case-insensitively (kept lower-cased); quoted values lose their
/// quotes and backslash escapes; `filename*=UTF-8''…` (RFC 8187) is decoded into `filename`.
struct HeaderParameters: Sendable, Equatable {
    /// The part before the first `;`, trimmed and lower-cased (`multipart/form-data`).
    var value: String
    /// Each parameter by lower-cased name; the first occurrence wins.
    var parameters: [String: String]

    subscript(name: String) -> String? {
        parameters[name.lowercased()]
    }

    /// Parses `header`; `nil` when a quoted string is not closed.
    static func parse(_ header: String) -> HeaderParameters? {
        var scanner = Scanner(Array(header.utf8))
        let value = scanner.token(until: UInt8(ascii: ";"))
        var parameters: [String: String] = [:]
        var extended: [String: String] = [:]
        while scanner.skip(UInt8(ascii: ";")) {
            let name = scanner.token(until: UInt8(ascii: "=")).lowercased()
            guard scanner.skip(UInt8(ascii: "=")) else {
                _ = scanner.token(until: UInt8(ascii: ";"))
                continue
            }
            guard let parameter = scanner.parameterValue() else { return nil }
            guard !name.isEmpty else { continue }
            if name.hasSuffix("*") {
                if let decoded = decodeExtended(parameter) { extended[String(name.dropLast())] = decoded }
            } else if parameters[name] == nil {
                parameters[name] = parameter
            }
        }
        parameters.merge(extended) { _, decoded in decoded }
        return HeaderParameters(value: value.lowercased(), parameters: parameters)
    }

    /// `UTF-8''%e2%82%ac.jpg` → `€.jpg`; `nil` for another charset or a broken escape.
    private static func decodeExtended(_ text: String) -> String? {
        let pieces = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[0].lowercased() == "utf-8" else { return nil }
        return RFC3986.decode(pieces[2], plusIsSpace: false)
    }
}

extension HeaderParameters {
    /// Walks a header value byte by byte.
    fileprivate struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// The trimmed text up to (not including) `stop` or the end.
        mutating func token(until stop: UInt8) -> String {
            let start = index
            while index < bytes.count, bytes[index] != stop, bytes[index] != UInt8(ascii: ";") { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self).trimmingSpaces()
        }

        /// Consumes spaces and then `byte`; `false` (consuming only the spaces) when it is not next.
        mutating func skip(_ byte: UInt8) -> Bool {
            skipSpaces()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// A token or a quoted string; `nil` when the quote is never closed.
        mutating func parameterValue() -> String? {
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                return token(until: UInt8(ascii: ";"))
            }
            index += 1
            var value: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\\") where index < bytes.count:
                    value.append(bytes[index])
                    index += 1
                case UInt8(ascii: "\""):
                    return String(decoding: value, as: UTF8.self)
                default:
                    value.append(byte)
                }
            }
            return nil
        }

        private mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        let isSpace = { (scalar: Unicode.Scalar) in scalar == " " || scalar == "\t" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
