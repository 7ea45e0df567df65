/// Why a request body could not be read as form parameters (multipart, URL-encoded or JSON).
struct FormError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, machine-readable reason.
    struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case notMultipart = "not_multipart"
            case missingBoundary = "missing_boundary"
            case malformed
            case tooManyParts = "too_many_parts"
            case unsupportedMediaType = "unsupported_media_type"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The `Content-Type` is not `multipart/form-data`.
        static let notMultipart = Code(.notMultipart)
        /// The `Content-Type` has no usable `boundary` parameter.
        static let missingBoundary = Code(.missingBoundary)
        /// The body does not follow its format: a multipart body without delimiters or part names, a
        /// broken percent escape, JSON that is not an object.
        static let malformed = Code(.malformed)
        /// More parts (or larger part headers) than the parser accepts.
        static let tooManyParts = Code(.tooManyParts)
        /// The body is none of multipart/form-data, application/x-www-form-urlencoded or a JSON object.
        static let unsupportedMediaType = Code(.unsupportedMediaType)

        var description: String { base.rawValue }
    }

    var code: Code
    /// What was wrong, for a person reading the error body.
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { "\(code): \(message)" }
}
