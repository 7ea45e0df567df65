/// A `multipart/form-data` body (RFC 7578), split into its named parts.
///
/// Hummingbird has no multipart support, and the networks' upload endpoints (X media, Facebook photos)
/// take one, so the sandbox parses it itself. Parts are byte slices: a file may hold CRLF or text
/// that looks like a boundary, and only `CRLF--boundary` ends it. The caller caps the body's size
/// (with `collectBody(upTo:)`); the parser caps the number of parts and the size of part headers.
struct MultipartFormData: Sendable, Equatable {
    /// One part: a form field, or a file when it has a `filename`.
    struct Part: Sendable, Equatable {
        var name: String
        var filename: String?
        /// The part's own `Content-Type`, if it had one.
        var contentType: String?
        var content: [UInt8]

        /// The content as UTF-8 text, `nil` when it is not valid UTF-8.
        var text: String? { String(validating: content, as: UTF8.self) }
        var isFile: Bool { filename != nil }
    }

    var parts: [Part]

    /// The most parts one body may have.
    static let maximumParts = 64
    /// The most bytes one part's headers may take.
    static let maximumHeaderBytes = 8 * 1024

    /// The first part called `name`.
    func part(_ name: String) -> Part? {
        parts.first { $0.name == name }
    }

    /// The text of the first part called `name`.
    func field(_ name: String) -> String? {
        part(name)?.text
    }

    /// Splits `body` into parts using the boundary of `contentType`.
    ///
    /// - Throws: ``FormError`` saying what is wrong with the header or the body.
    static func parse(_ body: [UInt8], contentType: String?) throws(FormError) -> MultipartFormData {
        let boundary = try boundary(of: contentType)
        var reader = MultipartReader(body: body, boundary: Array(("--" + boundary).utf8))
        var parts: [Part] = []
        while let raw = try reader.nextPart() {
            guard parts.count < maximumParts else {
                throw FormError(.tooManyParts, "A body may have at most \(maximumParts) parts.")
            }
            parts.append(try part(headers: raw.headers, content: Array(body[raw.content])))
        }
        return MultipartFormData(parts: parts)
    }

    /// The `boundary` parameter of a `multipart/form-data` content type.
    static func boundary(of contentType: String?) throws(FormError) -> String {
        guard let contentType, let header = HeaderParameters.parse(contentType), header.value == "multipart/form-data" else {
            throw FormError(.notMultipart, "The Content-Type must be multipart/form-data.")
        }
        guard let boundary = header["boundary"], (1...70).contains(boundary.utf8.count) else {
            throw FormError(.missingBoundary, "The Content-Type has no boundary parameter of 1 to 70 characters.")
        }
        return boundary
    }

    /// A part from its raw header lines and content.
    private static func part(headers: [UInt8], content: [UInt8]) throws(FormError) -> Part {
        var disposition: HeaderParameters?
        var contentType: String?
        for line in String(decoding: headers, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                throw FormError(.malformed, "A part header has no colon.")
            }
            let value = String(line[line.index(after: colon)...])
            switch line[..<colon].lowercased() {
            case "content-disposition": disposition = HeaderParameters.parse(value)
            case "content-type": contentType = value.trimmingCharacters(in: [" ", "\t"])
            default: continue
            }
        }
        guard let disposition, disposition.value == "form-data", let name = disposition["name"] else {
            throw FormError(.malformed, "Every part needs Content-Disposition: form-data with a name.")
        }
        return Part(name: name, filename: disposition["filename"], contentType: contentType, content: content)
    }
}

extension String {
    /// The text without the given leading and trailing characters.
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) }) else { return "" }
        return String(self[first...last])
    }
}
