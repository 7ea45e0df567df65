/// A sandbox setting that names something the sandbox does not emulate.
public struct SandboxSettingError: Error, Sendable, CustomStringConvertible {
    /// A stable, machine-readable reason.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case unknownLinkedInProduct = "unknown_linkedin_product"
            case invalidPorts = "invalid_ports"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A LinkedIn product the sandbox app cannot have (see ``LinkedInProduct``).
        public static let unknownLinkedInProduct = Code(.unknownLinkedInProduct)
        /// A `--ports` entry that names no emulated host, or no port from 0 to 65535.
        public static let invalidPorts = Code(.invalidPorts)

        public var description: String { base.rawValue }
    }

    public var code: Code
    /// What was wrong and what is accepted, for a person to act on.
    public var message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
