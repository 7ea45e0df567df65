#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

extension FacebookSandboxNetwork {
    /// A Page post with the requested fields; Graph leaves out `message` and `link` when the post has none.
    /// `attachments` needs the post's photos (``attachments(_:)``), fetched by the caller.
    func postNode(_ post: PagePost, fields: GraphFields, now: Date, photos: [PagePhoto] = []) -> Result<JSONValue, GraphError> {
        var node: [String: JSONValue] = [:]
        for field in fields.fields {
            switch field.name {
            case "id": node["id"] = .string(post.id)
            case "message": if let message = post.message { node["message"] = .string(storedText(message)) }
            case "link": if let link = post.link { node["link"] = .string(link) }
            case "created_time": node["created_time"] = .string(GraphTimestamp.format(post.createdAt))
            case "updated_time": node["updated_time"] = .string(GraphTimestamp.format(post.createdAt))
            case "permalink_url": node["permalink_url"] = .string("https://www.facebook.com/\(post.pageID)/posts/\(post.number)")
            case "is_published": node["is_published"] = .bool(post.isVisible(at: now))
            case "attachments": if !photos.isEmpty { node["attachments"] = attachments(photos) }
            case "scheduled_publish_time":
                if let at = post.scheduledAt { node["scheduled_publish_time"] = .integer(Int64(at.timeIntervalSince1970)) }
            default: return .failure(.nonexistingField(field.name, nodeType: "PagePost"))
            }
        }
        return .success(.object(node))
    }

    /// A message or caption as Graph gives it back: tidied (``StoredText/graph(_:)``) unless rewriting is off.
    func storedText(_ text: String) -> String {
        environment.listings.current.rewritesText ? StoredText.graph(text) : text
    }

    /// A Page photo with the requested fields.
    func photoNode(_ photo: PagePhoto, fields: GraphFields) -> Result<JSONValue, GraphError> {
        var node: [String: JSONValue] = [:]
        for field in fields.fields {
            switch field.name {
            case "id": node["id"] = .string(photo.id)
            case "name": if let caption = photo.caption { node["name"] = .string(caption) }
            case "created_time": node["created_time"] = .string(GraphTimestamp.format(photo.createdAt))
            case "page_story_id": if let post = photo.postID { node["page_story_id"] = .string(post) }
            case "link": node["link"] = .string("https://www.facebook.com/photo.php?fbid=\(photo.id)")
            case "width": node["width"] = .integer(Int64(photo.sniffed.width ?? 0))
            case "height": node["height"] = .integer(Int64(photo.sniffed.height ?? 0))
            case "alt_text_custom": if let alt = photo.altText { node["alt_text_custom"] = .string(alt) }
            default: return .failure(.nonexistingField(field.name, nodeType: "Photo"))
            }
        }
        return .success(.object(node))
    }
}

extension FacebookSandboxNetwork {
    /// A post's `attachments` as Graph shows a multi-photo post: one `album` whose `subattachments` are the photos,
    /// in order, each with its `target` id and, when it has one, its alt text as `description`.
    func attachments(_ photos: [PagePhoto]) -> JSONValue {
        let items = photos.map { photo -> JSONValue in
            var item: [String: JSONValue] = [
                "type": .string("photo"),
                "target": .object(["id": .string(photo.id), "url": .string("https://www.facebook.com/photo.php?fbid=\(photo.id)")]),
                "media": .object(["image": .object(["width": .integer(Int64(photo.sniffed.width ?? 0)),
                                                    "height": .integer(Int64(photo.sniffed.height ?? 0))])]),
            ]
            if let alt = photo.altText { item["description"] = .string(alt) }
            return .object(item)
        }
        return .object(["data": .array([.object(["type": .string("album"), "subattachments": .object(["data": .array(items)])])])])
    }
}
