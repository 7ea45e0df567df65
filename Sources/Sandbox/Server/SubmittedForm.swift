#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives
import SchedulerCore

/// The parameters of a request body in whichever shape the networks accept for it:
/// `multipart/form-data`, `application/x-www-form-urlencoded` or a JSON object.
///
/// Graph takes all three (and the query) for the same parameters; X's upload endpoints take
/// multipart or JSON. Values are kept as text, as the networks read them (`published=false` and
/// `{"published": false}` mean the same); files only come from multipart parts with a filename
/// (or binary content).
struct SubmittedForm: Sendable {
    /// Each text parameter; a repeated name keeps its first value.
    var fields: [String: String] = [:]
    /// Each file part by name.
    var files: [String: UploadedFile] = [:]
    /// The body as records keep it: JSON values as sent, form values as strings, files as
    /// descriptors, and never a token (see ``RecordedBody/secretNames``).
    var recorded: [String: JSONValue] = [:]

    subscript(name: String) -> String? {
        fields[name]
    }

    /// The body as one JSON object for a record.
    var recordedBody: JSONValue { .object(recorded) }

    /// Reads `body` according to `contentType`; an empty body is an empty form whatever its type.
    ///
    /// - Throws: ``FormError`` when the body is malformed or of another type.
    static func parse(_ body: [UInt8], contentType: String?) throws(FormError) -> SubmittedForm {
        guard !body.isEmpty else { return SubmittedForm() }
        switch contentType.flatMap(HeaderParameters.parse)?.value {
        case "multipart/form-data":
            return SubmittedForm(multipart: try MultipartFormData.parse(body, contentType: contentType))
        case "application/x-www-form-urlencoded":
            guard let pairs = PercentDecoding.parseForm(String(decoding: body, as: UTF8.self)) else {
                throw FormError(.malformed, "The form body has a broken percent escape.")
            }
            var form = SubmittedForm()
            form.add(pairs)
            return form
        case "application/json":
            guard case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) else {
                throw FormError(.malformed, "The body is not a JSON object.")
            }
            return SubmittedForm(json: members)
        default:
            throw FormError(.unsupportedMediaType, "The body must be multipart/form-data, application/x-www-form-urlencoded or application/json.")
        }
    }

    /// Adds `pairs` (a query or a URL-encoded body) where the name is not already set.
    mutating func add(_ pairs: [(String, String)]) {
        for (name, value) in pairs where fields[name] == nil {
            fields[name] = value
            if !RecordedBody.secretNames.contains(name) { recorded[name] = .string(value) }
        }
    }

    private init() {}

    private init(multipart: MultipartFormData) {
        recorded = multipart.recordedBody.objectMembers
        for part in multipart.parts {
            if part.isFile || part.text == nil {
                if files[part.name] == nil { files[part.name] = UploadedFile(part) }
            } else if fields[part.name] == nil {
                fields[part.name] = part.text
            }
        }
    }

    private init(json members: [String: JSONValue]) {
        for (name, value) in members {
            fields[name] = Self.text(of: value)
            if !RecordedBody.secretNames.contains(name) { recorded[name] = value }
        }
    }

    /// A JSON value as a parameter's text: strings as they are, anything else as its JSON.
    private static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        default:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }
}

extension JSONValue {
    /// The members of an object; empty for anything else.
    var objectMembers: [String: JSONValue] {
        guard case .object(let members) = self else { return [:] }
        return members
    }
}
