/// Why a fault plan was refused, with a message that says what to send instead.
public struct FaultPlanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable, machine-readable reason.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidRate = "invalid_rate"
            case unknownKind = "unknown_kind"
            case invalidDuration = "invalid_duration"
            case malformedBody = "malformed_body"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The rate is not a number from 0 to 1.
        public static let invalidRate = Code(.invalidRate)
        /// A kind is not one of ``FaultKind``'s names.
        public static let unknownKind = Code(.unknownKind)
        /// A reset or delay is not a positive duration of at most an hour.
        public static let invalidDuration = Code(.invalidDuration)
        /// The `PUT /_sandbox/faults` body is not the JSON object it should be.
        public static let malformedBody = Code(.malformedBody)

        public var description: String { base.rawValue }
    }

    public var code: Code
    public var message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
