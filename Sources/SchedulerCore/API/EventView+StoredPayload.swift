import Foundation

extension EventView {
    /// The JSON an event is stored as (the `payload` column), written field by field.
    ///
    /// Every publish stores an event inside the writer's transaction; through `JSONEncoder` that took about 10 µs
    /// an event in a burst, 3 % of the daemon's CPU. The stored form is read back only by `JSONDecoder`
    /// (``JSONCoding/decoder()``), which is what `StoredPayloadTests` check it against: the same keys, absent
    /// when nil, the time as ``RFC3339/format(_:)`` writes it. What hooks and `GET /v1/events` send is encoded
    /// again from the decoded value, so this form is never seen outside the database.
    public var storedPayload: String {
        var json = JSONObjectWriter()
        json.field("id", id)
        json.field("event", event)
        json.field("at", RFC3339.format(at))
        json.field("post_id", postId)
        json.field("delivery_id", deliveryId)
        json.field("account", account)
        json.field("network", network)
        json.field("message", message)
        json.field("remote_url", remoteUrl)
        json.field("caption", caption)
        json.field("bundle", bundle)
        json.field("media", media)
        json.field("confirm", confirm)
        return json.finished()
    }
}

/// A flat JSON object written into one buffer: strings, integers and string arrays, a nil field left out.
struct JSONObjectWriter {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    init() { bytes.reserveCapacity(256) }

    mutating func field(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        name(key)
        string(value)
    }

    mutating func field(_ key: StaticString, _ value: Int64?) {
        guard let value else { return }
        name(key)
        bytes += String(value).utf8
    }

    mutating func field(_ key: StaticString, _ values: [String]?) {
        guard let values else { return }
        name(key)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    consuming func finished() -> String {
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func name(_ key: StaticString) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes += $0 }
        bytes += "\":".utf8
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
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
