import SchedulerCore

/// Why the store refused a request: `message` states what is wrong with the facts (which post, which state), in no
/// door's words; `hint`, what could be done, which schedctl, the web app and the API each word for themselves.
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
    package var hint: RefusalHint?

    package init(_ code: Code, _ message: String, hint: RefusalHint? = nil) {
        self.code = code
        self.message = message
        self.hint = hint
    }

    package var description: String { message }
}
