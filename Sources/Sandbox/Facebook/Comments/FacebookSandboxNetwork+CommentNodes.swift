#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

extension FacebookSandboxNetwork {
    /// A comment with the requested fields, in its network's words: Facebook's `message`, `created_time` and
    /// `from{id,name}`; Instagram's `text`, `timestamp`, `username` and `from{id,username}`. Text is given back
    /// as Graph stores it (``storedText(_:)``).
    func commentNode(_ comment: GraphComment, fields: GraphFields) -> Result<JSONValue, GraphError> {
        let instagram = comment.network == "instagram"
        var node: [String: JSONValue] = [:]
        for field in fields.fields {
            switch (field.name, instagram) {
            case ("id", _): node["id"] = .string(comment.id)
            case ("message", false), ("text", true): node[field.name] = .string(storedText(comment.message))
            case ("created_time", false), ("timestamp", true): node[field.name] = .string(GraphTimestamp.format(comment.createdAt))
            case ("from", _):
                node["from"] = .object(["id": .string(comment.authorID), (instagram ? "username" : "name"): .string(comment.authorName)])
            case ("username", true): node["username"] = .string(comment.authorName)
            case ("like_count", _): node["like_count"] = .integer(0)
            case ("hidden", true): node["hidden"] = .bool(false)
            case ("media", true): node["media"] = .object(["id": .string(comment.parentID)])
            case ("parent", false): break
            default: return .failure(.nonexistingField(field.name, nodeType: instagram ? "IGComment" : "Comment"))
            }
        }
        return .success(.object(node))
    }
}
