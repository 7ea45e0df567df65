/// Why the store refused a request; `message` says what to do.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case notFound = "not_found", conflict, invalid, cannotOpen = "cannot_open", corrupt
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        public static let notFound = Code(.notFound)
        public static let conflict = Code(.conflict)
        public static let invalid = Code(.invalid)
        public static let cannotOpen = Code(.cannotOpen)
        public static let corrupt = Code(.corrupt)

        public var description: String { base.rawValue }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
