import Foundation

/// A flat JSON object written into one buffer: strings, integers and string arrays, a nil field left out. Its keys
/// are a `CodingKey` type's, so the fast form and the `Codable` form of the same record cannot name a field apart.
package struct JSONObjectWriter<Key: CodingKey> {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    package init() { bytes.reserveCapacity(256) }

    package mutating func field(_ key: Key, _ value: String?) {
        guard let value else { return }
        name(key)
        string(value)
    }

    package mutating func field(_ key: Key, _ value: Int64?) {
        guard let value else { return }
        name(key)
        bytes += String(value).utf8
    }

    package mutating func field(_ key: Key, _ values: [String]?) {
        guard let values else { return }
        name(key)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    package consuming func finished() -> String {
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func name(_ key: Key) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        string(key.stringValue)
        bytes.append(UInt8(ascii: ":"))
    }

    /// RFC 8259 section 7: a quotation mark, a reverse solidus and the control characters U+0000 to U+001F are
    /// escaped; everything else, `/` and non-ASCII included, is written as its UTF-8.
    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += "\\\"".utf8
            case UInt8(ascii: "\\"): bytes += "\\\\".utf8
            case 0x0A: bytes += "\\n".utf8
            case 0x0D: bytes += "\\r".utf8
            case 0x09: bytes += "\\t".utf8
            case 0..<0x20:
                bytes += "\\u00".utf8
                bytes.append(jsonHexDigits[Int(byte >> 4)])
                bytes.append(jsonHexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// The digits of a `\u00XX` escape; outside the generic writer, which cannot hold a static stored property.
private let jsonHexDigits = Array("0123456789abcdef".utf8)
