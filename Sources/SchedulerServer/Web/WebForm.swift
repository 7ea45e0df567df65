import CryptoPrimitives
import Foundation
import Hummingbird
import NIOCore
import SchedulerServices

/// A form as a page posts it: `application/x-www-form-urlencoded`, or `multipart/form-data` when it carries a file
/// (an image, a run). Taken whole up to a limit, or refused: 413 past the limit, a page shown again when cut short.
package struct WebForm: Sendable {
    /// Every field in the order sent: a checkbox list sends one name several times.
    package var values: [(name: String, value: String)] = []
    /// Files by field name; a field with no file chosen is absent.
    package var files: [String: WebUpload] = [:]

    /// A form of text fields only.
    package static let limit = 64 * 1_024
    /// A form with a file: above the largest image a network takes (Facebook's 10 MB, X's 5 MB) and a long GPX run.
    package static let uploadLimit = 40 * 1_024 * 1_024

    /// The first value of `name`.
    package subscript(_ name: String) -> String? { values.first { $0.name == name }?.value }

    /// Every value of `name`, in order (the accounts ticked).
    package func all(_ name: String) -> [String] { values.filter { $0.name == name }.map(\.value) }

    /// The value of `name` with surrounding whitespace removed; nil when absent or empty.
    package func trimmed(_ name: String) -> String? {
        guard let value = self[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// The form of `request`; a body over `limit` (declared, or found so while reading) is `413 Content Too Large`.
    ///
    /// A multipart form is read as it arrives, its files written to temporary files (``WebFormAssembler``); with
    /// `csrf`, its first field must be that token, checked before the rest is read. A body cut short, or not a form as
    /// browsers send one, is ``WebFormError/cutShort(_:)`` with what was read.
    package static func read(_ request: Request, limit: Int = limit, csrf: String? = nil) async throws -> WebForm {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit { throw HTTPError(.contentTooLarge) }
        if let boundary = WebMultipart.boundary(in: request.headers[.contentType] ?? "") {
            return try await readMultipart(request, boundary: boundary, limit: limit, csrf: csrf)
        }
        var request = request
        let body: ByteBuffer
        do { body = try await request.collectBody(upTo: limit) } catch is NIOTooManyBytesError { throw HTTPError(.contentTooLarge) } catch {
            throw WebFormError.cutShort(WebForm())
        }
        return WebForm(parsing: String(decoding: body.readableBytesView, as: UTF8.self))
    }

    private static func readMultipart(_ request: Request, boundary: String, limit: Int, csrf: String?) async throws -> WebForm {
        var parser = WebMultipart.Parser(boundary: boundary)
        var assembler = WebFormAssembler(expectedCSRF: csrf)
        var received = 0
        do {
            for try await piece in request.body {
                received += piece.readableBytes
                guard received <= limit else { throw HTTPError(.contentTooLarge) }
                try parser.feed(piece.readableBytesView) { try assembler.take($0) }
                if parser.isComplete { break }
            }
        } catch let error as HTTPError {
            throw error
        } catch let error as WebFormError {
            throw error
        } catch let error as TemporaryUpload.CannotKeep {
            throw error
        } catch {
            // The connection dropped, or the body is not a form: what was read is kept for the page shown again.
            throw WebFormError.cutShort(assembler.partial)
        }
        guard parser.isComplete else { throw WebFormError.cutShort(assembler.partial) }
        return assembler.form
    }

    package init(values: [(name: String, value: String)] = [], files: [String: WebUpload] = [:]) {
        self.values = values
        self.files = files
    }

    package init(parsing text: String) {
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
    package func carries(csrf expected: String) -> Bool {
        guard let given = self["csrf"], !expected.isEmpty else { return false }
        return ConstantTime.equals(given, expected)
    }
}

/// A file a form carried, as the browser named and typed it (both only for messages: the content decides), kept in a
/// private temporary file removed once nothing refers to it.
package struct WebUpload: Sendable {
    package var filename: String
    package var contentType: String
    package let file: TemporaryUpload

    /// Its content, read back whole (for a check that needs it whole: the media rules).
    package func bytes() throws -> [UInt8] { try file.bytes() }
}
