import Foundation

/// A parsed JSON value, loose enough for what OAuth servers actually send.
///
/// Token endpoints disagree on types (Facebook sends `expires_in` as a number, others as a
/// string; Facebook's `code` is a number, LinkedIn's is a string), so the library reads bodies as
/// values and converts field by field instead of decoding fixed `Codable` shapes.
enum OAuthJSON: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([OAuthJSON])
    case object([String: OAuthJSON])

    init(from decoder: any Decoder) throws {
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
        } else if let value = try? container.decode([OAuthJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: OAuthJSON].self))
        }
    }

    /// The top-level object of `body`, or `nil` when it is not a JSON object.
    static func object(from body: [UInt8]) -> [String: OAuthJSON]? {
        guard case .object(let fields)? = try? JSONDecoder().decode(OAuthJSON.self, from: Data(body)) else {
            return nil
        }
        return fields
    }

    /// The value as text when it is a string, or a number written in decimal (`5184000`).
    var text: String? {
        switch self {
        case .string(let value): value
        case .integer(let value): String(value)
        case .double(let value) where value == value.rounded() && abs(value) < 1e15: String(Int64(value))
        case .double(let value): String(value)
        default: nil
        }
    }

    /// The value as a whole number when it is one, or a string that spells one (`"3600"`, `"3600.0"`).
    var integer: Int? {
        switch self {
        case .integer(let value):
            return Int(exactly: value)
        case .double(let value) where value.isFinite && abs(value) < 1e15:
            return Int(value)
        case .string(let value):
            let trimmed = value.trimmingSpaces
            if let whole = Int(trimmed) { return whole }
            guard let number = Double(trimmed), number.isFinite, abs(number) < 1e15 else { return nil }
            return Int(number)
        default:
            return nil
        }
    }
}
