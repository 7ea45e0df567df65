#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives
import Hummingbird
import SchedulerCore

/// One request's parameters as Rails gives them to a Mastodon controller: the query, then the body (JSON, URL-encoded
/// or multipart) over it; a form name ending in `[]` collects an array, as does a JSON array.
///
/// The sandbox's own ``SubmittedForm`` keeps one value per name, which would silently drop all but the first of
/// `media_ids[]`; hence this reader.
struct MastodonParameters: Sendable {
    /// Values by name (without `[]`): one for a scalar, any number for an array.
    private var values: [String: [String]] = [:]
    /// Names sent as arrays (`name[]=…` or a JSON array).
    private var arrays: Set<String> = []
    /// File parts of a multipart body, by name.
    private(set) var files: [String: UploadedFile] = [:]
    /// The body as records keep it: values as sent, files as descriptors, never a secret.
    private(set) var recorded: [String: JSONValue] = [:]

    /// The value of a scalar parameter; nil when absent or sent as an array.
    subscript(name: String) -> String? {
        arrays.contains(name) ? nil : values[name]?.last
    }

    /// Whether `name` was sent at all, as a scalar or an array.
    func has(_ name: String) -> Bool {
        values[name] != nil
    }

    /// The values of an array parameter: nil when absent, and also when sent as a scalar (see ``isScalar(_:)``).
    func array(_ name: String) -> [String]? {
        arrays.contains(name) ? values[name] : nil
    }

    /// Whether `name` was sent as a single value where an array is expected (Rails' strong parameters drop it).
    func isScalar(_ name: String) -> Bool {
        values[name] != nil && !arrays.contains(name)
    }

    /// The query and body of `request`, or the 400 a Rails app answers for a body it cannot parse.
    static func read(_ request: inout Request, upTo limit: Int) async -> Result<MastodonParameters, MastodonError> {
        var parameters = MastodonParameters()
        let unparsable = MastodonError(status: 400, error: "Error occurred while parsing request parameters", reasonCode: "malformed_body")
        guard let query = PercentDecoding.parseForm(request.uri.query ?? "") else { return .failure(unparsable) }
        parameters.add(query)
        guard let bytes = await request.collectBytes(upTo: limit) else {
            return .failure(MastodonError(status: 413, error: "Request Entity Too Large", reasonCode: "body_too_large"))
        }
        guard !bytes.isEmpty else { return .success(parameters) }
        switch request.mediaType {
        case "application/json":
            guard case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else { return .failure(unparsable) }
            parameters.add(json: members)
        case "application/x-www-form-urlencoded":
            guard let pairs = PercentDecoding.parseForm(String(decoding: bytes, as: UTF8.self)) else { return .failure(unparsable) }
            parameters.add(pairs)
        case "multipart/form-data":
            guard let form = try? MultipartFormData.parse(bytes, contentType: request.headers[.contentType]) else { return .failure(unparsable) }
            parameters.add(multipart: form)
        default:
            return .failure(MastodonError(status: 415, error: "Unsupported Media Type", reasonCode: "unsupported_media_type",
                                          detail: "The body must be JSON, a URL-encoded form or multipart/form-data."))
        }
        return .success(parameters)
    }

    private mutating func add(_ pairs: [(String, String)]) {
        for (name, value) in pairs { add(name, value) }
    }

    private mutating func add(_ rawName: String, _ value: String) {
        let isArray = rawName.hasSuffix("[]")
        let name = isArray ? String(rawName.dropLast(2)) : rawName
        if isArray {
            if !arrays.contains(name) { values[name] = [] }
            arrays.insert(name)
            values[name, default: []].append(value)
        } else {
            arrays.remove(name)
            values[name] = [value]
        }
        guard !RecordedBody.secretNames.contains(name) else { return }
        recorded[name] = isArray ? .array((values[name] ?? []).map(JSONValue.string)) : .string(value)
    }

    private mutating func add(json members: [String: JSONValue]) {
        for (name, value) in members {
            switch value {
            case .null:
                values[name] = nil
                arrays.remove(name)
            case .array(let items):
                values[name] = items.map(Self.text)
                arrays.insert(name)
            default:
                values[name] = [Self.text(value)]
                arrays.remove(name)
            }
            if !RecordedBody.secretNames.contains(name) { recorded[name] = value }
        }
    }

    private mutating func add(multipart form: MultipartFormData) {
        for part in form.parts {
            if part.isFile || part.text == nil {
                if files[part.name] == nil { files[part.name] = UploadedFile(part) }
                recorded[part.name] = UploadedFile(part).descriptor
            } else {
                add(part.name, part.text ?? "")
            }
        }
    }

    /// A JSON value as Rails would see it in params: strings as they are, anything else as its JSON text.
    private static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return ""
        default: return value.text ?? String(decoding: (try? JSONEncoder().encode(value)) ?? Data(), as: UTF8.self)
        }
    }
}
