/// A configuration that cannot be used; the message names the file, the key and what is expected.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
