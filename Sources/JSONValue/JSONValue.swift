import Foundation

/// Any JSON value, for payloads schedulerd passes through without owning their shape (what the sandbox
/// networks received, a preview of a request body), recorded exactly as the client sent it, and for bodies read
/// field by field rather than decoded into fixed `Codable` shapes.
///
/// Integers are kept apart from doubles so ids and counts round-trip without becoming `1.0`. Servers disagree on
/// types (Facebook sends `expires_in` as a number, others as a string; Facebook's error `code` is a number,
/// LinkedIn's a string), so ``text`` and ``integer`` read a field loosely.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member `key` of an object, or `nil` for anything else.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The top-level object of `body`, or `nil` when it is not a JSON object.
    public static func object(from body: [UInt8]) -> [String: JSONValue]? {
        guard case .object(let fields)? = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) else {
            return nil
        }
        return fields
    }

    /// The value as text when it is a string, or a number written in decimal (`5184000`).
    public var text: String? {
        switch self {
        case .string(let value): value
        case .integer(let value): String(value)
        case .double(let value) where value == value.rounded() && abs(value) < 1e15: String(Int64(value))
        case .double(let value): String(value)
        default: nil
        }
    }

    /// The value as a whole number when it is one, or a string that spells one (`"3600"`, `"3600.0"`).
    public var integer: Int? {
        switch self {
        case .integer(let value):
            return Int(exactly: value)
        case .double(let value) where value.isFinite && abs(value) < 1e15:
            return Int(value)
        case .string(let value):
            let trimmed = Self.trimmingSpaces(value)
            if let whole = Int(trimmed) { return whole }
            guard let number = Double(trimmed), number.isFinite, abs(number) < 1e15 else { return nil }
            return Int(number)
        default:
            return nil
        }
    }

    /// `text` without leading and trailing spaces, tabs and newlines.
    private static func trimmingSpaces(_ text: String) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var trimmed = text.drop(while: isSpace)
        while let last = trimmed.last, isSpace(last) { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
