import Foundation
import SchedulerCore

/// The sentence a network put in a refusal, read from whichever of the networks' error shapes it has, so
/// that people see "Invalid access token" and not a JSON body.
public enum RefusalText {
    /// X's `detail` (or v1.1's `errors[].message`), Graph's `error.message`, LinkedIn's `message`, OAuth's
    /// `error_description`, or a `title`; nil when the body is none of these.
    public static func sentence(in body: [UInt8]) -> String? {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) else { return nil }
        return sentence(in: value)
    }

    public static func sentence(in value: JSONValue) -> String? {
        var legacy: String?
        if case .array(let errors)? = value["errors"], let first = errors.first { legacy = first["message"]?.stringValue }
        let found = value["detail"]?.stringValue ?? value["error"]?["message"]?.stringValue ?? value["message"]?.stringValue
            ?? value["error_description"]?.stringValue ?? legacy ?? value["title"]?.stringValue
        return found.map { Excerpt.redacted($0, limit: 200) }
    }
}
