/// Why a file could not be decoded or encoded, in words for the person who gave it.
public struct MediaCodecError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
