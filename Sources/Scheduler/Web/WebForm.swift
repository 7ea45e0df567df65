import CryptoPrimitives
import Foundation
import Hummingbird
import NIOCore

/// A form as a page posts it: `application/x-www-form-urlencoded`, or `multipart/form-data` when it carries a file
/// (an image, a run). Read whole up to a limit, so a form is either taken entire or refused with 413, never half-read.
struct WebForm: Sendable {
    /// Every field in the order sent: a checkbox list sends one name several times.
    var values: [(name: String, value: String)] = []
    /// Files by field name; a field with no file chosen is absent.
    var files: [String: WebUpload] = [:]

    /// A form of text fields only.
    static let limit = 64 * 1_024
    /// A form with a file: above the largest image a network takes (Facebook's 10 MB, X's 5 MB) and a long GPX run.
    static let uploadLimit = 40 * 1_024 * 1_024

    /// The first value of `name`.
    subscript(_ name: String) -> String? { values.first { $0.name == name }?.value }

    /// Every value of `name`, in order (the accounts ticked).
    func all(_ name: String) -> [String] { values.filter { $0.name == name }.map(\.value) }

    /// The value of `name` with surrounding whitespace removed; nil when absent or empty.
    func trimmed(_ name: String) -> String? {
        guard let value = self[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// The form of `request`; a body over `limit` (declared, or found so while reading) is `413 Content Too Large`.
    static func read(_ request: Request, limit: Int = limit) async throws -> WebForm {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit { throw HTTPError(.contentTooLarge) }
        var request = request
        let body: ByteBuffer
        do { body = try await request.collectBody(upTo: limit) } catch is NIOTooManyBytesError { throw HTTPError(.contentTooLarge) }
        let type = request.headers[.contentType] ?? ""
        if let boundary = WebMultipart.boundary(in: type) {
            guard let form = WebMultipart.parse(Array(body.readableBytesView), boundary: boundary) else {
                throw HTTPError(.badRequest, message: "The form could not be read; reload the page and send it again.")
            }
            return form
        }
        return WebForm(parsing: String(decoding: body.readableBytesView, as: UTF8.self))
    }

    init(values: [(name: String, value: String)] = [], files: [String: WebUpload] = [:]) {
        self.values = values
        self.files = files
    }

    init(parsing text: String) {
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                (String(part).replacingOccurrences(of: "+", with: " ")).removingPercentEncoding ?? ""
            }
            guard let name = parts.first.map(decode) else { continue }
            values.append((name, parts.count > 1 ? decode(parts[1]) : ""))
        }
    }

    /// Whether the form carries `expected` as its `csrf` field, compared in constant time.
    func carries(csrf expected: String) -> Bool {
        guard let given = self["csrf"], !expected.isEmpty else { return false }
        return ConstantTime.equals(given, expected)
    }
}

/// A file a form carried, as the browser named and typed it (both only for messages: the content decides).
struct WebUpload: Sendable {
    var filename: String
    var contentType: String
    var bytes: [UInt8]
}
