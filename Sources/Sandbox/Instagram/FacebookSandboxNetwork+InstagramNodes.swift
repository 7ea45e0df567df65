#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

extension FacebookSandboxNetwork {
    /// A container with the requested fields (`GET /{container-id}?fields=status_code`).
    func containerNode(_ container: InstagramContainer, fields: GraphFields, now: Date) -> Result<JSONValue, GraphError> {
        var node: [String: JSONValue] = [:]
        for field in fields.fields {
            switch field.name {
            case "id": node["id"] = .string(container.id)
            case "status_code": node["status_code"] = .string(container.statusCode(at: now))
            case "status": node["status"] = .string(container.status(at: now))
            default: return .failure(.nonexistingField(field.name, nodeType: "ShadowIGMediaBuilder"))
            }
        }
        return .success(.object(node))
    }

    /// A published Instagram post with the requested fields.
    func mediaNode(_ media: InstagramMedia, account: InstagramAccount, fields: GraphFields) -> Result<JSONValue, GraphError> {
        var node: [String: JSONValue] = [:]
        for field in fields.fields {
            switch field.name {
            case "id": node["id"] = .string(media.id)
            case "caption": if let caption = media.caption { node["caption"] = .string(storedText(caption)) }
            case "timestamp": node["timestamp"] = .string(GraphTimestamp.format(media.timestamp))
            case "permalink": node["permalink"] = .string(media.permalink)
            case "shortcode": node["shortcode"] = .string(media.shortcode)
            case "media_type": node["media_type"] = .string(media.mediaType)
            case "children": if !media.children.isEmpty { node["children"] = .object(["data": .array(media.children.map { .object(["id": .string($0.id)]) })]) }
            case "media_product_type": node["media_product_type"] = .string("FEED")
            case "media_url": node["media_url"] = .string(media.imageURL)
            case "username": node["username"] = .string(account.username)
            case "like_count", "comments_count": node[field.name] = .integer(0)
            default: return .failure(.nonexistingField(field.name, nodeType: "IGMedia"))
            }
        }
        return .success(.object(node))
    }
}
