/// Finds the parts of a multipart body by its delimiters, without copying the content.
///
/// The body is `preamble? --B CRLF part (CRLF --B CRLF part)* CRLF --B-- epilogue?`, where each part
/// is `headers CRLF CRLF content` (RFC 2046 §5.1.1). Content ends only at `CRLF --B`, so bytes that
/// merely look like a boundary inside a file are kept.
struct MultipartReader: Sendable {
    /// One part's header bytes and the range of its content in the body.
    struct RawPart: Sendable {
        var headers: [UInt8]
        var content: Range<Int>
    }

    private let body: [UInt8]
    /// `--` followed by the boundary.
    private let delimiter: [UInt8]
    /// Where the next delimiter starts, `nil` before the first is found; `body.count` once closed.
    private var position: Int?

    init(body: [UInt8], boundary delimiter: [UInt8]) {
        self.body = body
        self.delimiter = delimiter
    }

    /// The next part, or `nil` after the closing delimiter.
    mutating func nextPart() throws(FormError) -> RawPart? {
        var at: Int
        if let position { at = position } else { at = try firstDelimiter() }
        guard at < body.count else { return nil }
        at += delimiter.count
        if starts(with: [0x2D, 0x2D], at: at) {
            position = body.count
            return nil
        }
        while at < body.count, body[at] == 0x20 || body[at] == 0x09 { at += 1 }
        guard starts(with: Self.crlf, at: at) else {
            throw FormError(.malformed, "A boundary delimiter is not followed by CRLF.")
        }
        let headerStart = at + 2
        let headerEnd: Int
        let contentStart: Int
        if starts(with: Self.crlf, at: headerStart) {
            (headerEnd, contentStart) = (headerStart, headerStart + 2)
        } else {
            let limit = min(body.count, headerStart + MultipartFormData.maximumHeaderBytes)
            guard let end = Self.search(Self.crlfcrlf, in: body, from: headerStart, before: limit) else {
                throw FormError(.malformed, "A part's headers do not end with an empty line (or exceed \(MultipartFormData.maximumHeaderBytes) bytes).")
            }
            (headerEnd, contentStart) = (end, end + 4)
        }
        guard let next = Self.search(Self.crlf + delimiter, in: body, from: contentStart - 2, before: body.count) else {
            throw FormError(.malformed, "The body has no closing boundary delimiter.")
        }
        position = next + 2
        return RawPart(headers: Array(body[headerStart..<headerEnd]), content: contentStart..<max(contentStart, next))
    }

    /// Where the first delimiter starts: at the very beginning, or after the preamble's CRLF.
    private func firstDelimiter() throws(FormError) -> Int {
        if starts(with: delimiter, at: 0) { return 0 }
        guard let found = Self.search(Self.crlf + delimiter, in: body, from: 0, before: body.count) else {
            throw FormError(.malformed, "The body does not contain the boundary from the Content-Type.")
        }
        return found + 2
    }

    private func starts(with pattern: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + pattern.count <= body.count else { return false }
        for offset in pattern.indices where body[index + offset] != pattern[offset] { return false }
        return true
    }

    private static let crlf: [UInt8] = [0x0D, 0x0A]
    private static let crlfcrlf: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]

    /// The first index at or after `start` where `pattern` begins and ends before `end`.
    static func search(_ pattern: [UInt8], in bytes: [UInt8], from start: Int, before end: Int) -> Int? {
        guard let first = pattern.first, start >= 0, end - start >= pattern.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            var index = start
            let last = end - pattern.count
            outer: while index <= last {
                guard buffer[index] == first else { index += 1; continue }
                for offset in 1..<pattern.count where buffer[index + offset] != pattern[offset] {
                    index += 1
                    continue outer
                }
                return index
            }
            return nil
        }
    }
}
