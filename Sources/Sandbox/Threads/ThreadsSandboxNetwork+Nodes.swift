#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

/// How profiles, containers and posts read back, field by field; an unknown field is error 100, as on Threads.
extension ThreadsSandboxNetwork {
    /// `GET /me?fields=id,username,name,threads_profile_picture_url,threads_biography,is_verified`.
    func userNode(_ user: ThreadsUser, fields: GraphFields) -> Result<JSONValue, ThreadsError> {
        var node: [String: JSONValue] = [:]
        for field in fields.fields {
            switch field.name {
            case "id": node["id"] = .string(user.id)
            case "username": node["username"] = .string(user.username)
            case "name": node["name"] = .string(user.name)
            case "threads_profile_picture_url": node["threads_profile_picture_url"] = .string(user.profilePictureURL)
            case "threads_biography": node["threads_biography"] = .string(user.biography)
            case "is_verified": node["is_verified"] = .bool(false)
            default: return .failure(.nonexistingField(field.name, nodeType: "ThreadsUser"))
            }
        }
        return .success(.object(node))
    }

    /// `GET /{container-id}?fields=id,status,error_message`; `error_message` only once the status is `ERROR`.
    func containerNode(_ container: ThreadsContainer, fields: GraphFields, now: Date) -> Result<JSONValue, ThreadsError> {
        var node: [String: JSONValue] = [:]
        let status = container.status(at: now)
        for field in fields.fields {
            switch field.name {
            case "id": node["id"] = .string(container.id)
            case "status": node["status"] = .string(status)
            case "error_message": if status == "ERROR", let failure = container.failure { node["error_message"] = .string(failure) }
            default: return .failure(.nonexistingField(field.name, nodeType: "ThreadsMediaContainer"))
            }
        }
        return .success(.object(node))
    }

    /// A published post or reply, its text as the network stores it when listings rewrite text. `status` is not a
    /// field of a post (3P: reading it on a media id is error 100), so a client that confuses the two ids learns here.
    func postNode(_ post: ThreadsPost, fields: GraphFields, hasReplies: Bool) -> Result<JSONValue, ThreadsError> {
        var node: [String: JSONValue] = [:]
        for field in fields.fields {
            guard let value = postField(field.name, of: post, hasReplies: hasReplies) else {
                return .failure(.nonexistingField(field.name, nodeType: "ThreadsMedia"))
            }
            if value != .null { node[field.name] = value }
        }
        return .success(.object(node))
    }

    /// One field of a post: `.null` when the post has no such value (left out), nil when the field does not exist.
    private func postField(_ name: String, of post: ThreadsPost, hasReplies: Bool) -> JSONValue? {
        let optional: (String?) -> JSONValue = { $0.map(JSONValue.string) ?? .null }
        switch name {
        case "id": return .string(post.id)
        case "text": return optional(post.text.map(storedText))
        case "timestamp": return .string(GraphTimestamp.format(post.timestamp))
        case "permalink": return .string(post.permalink)
        case "shortcode": return .string(post.shortcode)
        case "media_type": return .string(post.mediaType)
        case "media_product_type": return .string("THREADS")
        case "media_url": return optional(post.mediaURL)
        case "username": return .string(post.username)
        case "owner": return .object(["id": .string(post.userID)])
        case "alt_text": return optional(post.altText)
        case "link_attachment_url": return optional(post.linkAttachment)
        case "is_quote_post": return .bool(false)
        case "is_reply": return .bool(post.isReply)
        case "has_replies": return .bool(hasReplies)
        case "root_post": return post.rootID.map { .object(["id": .string($0)]) } ?? .null
        case "replied_to": return post.replyTo.map { .object(["id": .string($0)]) } ?? .null
        case "children":
            return post.children.isEmpty ? .null : .object(["data": .array(post.children.map { .object(["id": .string($0.id)]) })])
        default: return nil
        }
    }

    /// `text` as listings and reads show it: tidied as Graph stores text, unless rewriting is off.
    func storedText(_ text: String) -> String {
        environment.listings.current.rewritesText ? StoredText.graph(text) : text
    }
}
