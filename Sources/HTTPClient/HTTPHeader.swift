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
        first { Self.sameName($0.name, name) }?.value
    }

    /// Header names are ASCII tokens: compared byte by byte, letters in either case, without building lower-cased copies
    /// (a response's headers are searched several times per request).
    static func sameName(_ a: String, _ b: String) -> Bool {
        var left = a.utf8.makeIterator(), right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case (let x?, let y?) where x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z")): continue
            default: return false
            }
        }
    }
}
