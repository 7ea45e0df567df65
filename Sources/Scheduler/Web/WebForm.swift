import CryptoPrimitives
import Foundation
import Hummingbird
import NIOCore

/// An `application/x-www-form-urlencoded` body, read whole up to a limit: the only kind of body these pages post.
struct WebForm: Sendable {
    var fields: [String: String]

    static let limit = 64 * 1_024

    subscript(_ name: String) -> String? { fields[name] }

    /// The form of `request`; a body over ``limit`` (declared, or found so while reading) is `413 Content Too Large`.
    static func read(_ request: Request) async throws -> WebForm {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit { throw HTTPError(.contentTooLarge) }
        var request = request
        let body: ByteBuffer
        do { body = try await request.collectBody(upTo: limit) } catch is NIOTooManyBytesError { throw HTTPError(.contentTooLarge) }
        return WebForm(parsing: String(decoding: body.readableBytesView, as: UTF8.self))
    }

    init(parsing text: String) {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                (String(part).replacingOccurrences(of: "+", with: " ")).removingPercentEncoding ?? ""
            }
            guard let name = parts.first.map(decode), fields[name] == nil else { continue }
            fields[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        self.fields = fields
    }

    /// Whether the form carries `expected` as its `csrf` field, compared in constant time.
    func carries(csrf expected: String) -> Bool {
        guard let given = fields["csrf"], !expected.isEmpty else { return false }
        return ConstantTime.equals(given, expected)
    }
}
