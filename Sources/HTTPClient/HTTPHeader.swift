/// One header field of a request or response.
///
/// Headers are kept as an ordered list rather than a dictionary because HTTP allows a name to repeat
/// (`Set-Cookie`, `Link`) and because the order of fields is sometimes part of a signature.
public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension Array where Element == HTTPHeader {
    /// The value of the first field called `name`, compared case-insensitively as RFC 9110 requires.
    func firstValue(named name: String) -> String? {
        let wanted = name.lowercased()
        return first { $0.name.lowercased() == wanted }?.value
    }
}
