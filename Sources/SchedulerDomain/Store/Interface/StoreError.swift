/// Why the store refused a request; `message` says what to do.
package struct StoreError: Error, Sendable, CustomStringConvertible {
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case notFound = "not_found", conflict, invalid, cannotOpen = "cannot_open", corrupt
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        package static let notFound = Code(.notFound)
        package static let conflict = Code(.conflict)
        package static let invalid = Code(.invalid)
        package static let cannotOpen = Code(.cannotOpen)
        package static let corrupt = Code(.corrupt)

        package var description: String { base.rawValue }
    }

    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
