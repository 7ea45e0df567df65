
/// A configuration that cannot be used; the message names the file, the key and what is expected.
package struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
