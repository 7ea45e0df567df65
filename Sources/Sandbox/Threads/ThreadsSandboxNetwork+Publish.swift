#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension ThreadsSandboxNetwork {
    /// `POST /v1.0/{user-id}/threads_publish` with `creation_id` → `{"id": media}`: only the caller's own `FINISHED`
    /// container, only once, only within the moving-day quota (posts and replies counted apart). A reply also needs
    /// `threads_manage_replies`. Recorded as `kind: "post"`, a reply with `reply_to`.
    func publish(_ request: Request, nodeID: String) async -> Response {
        await threadsCall(request, nodeID: nodeID, scopes: ["threads_basic", "threads_content_publish"]) { call in
            guard call.isOwnProfile else { return .failure(.unsupportedPost(call.nodeID)) }
            guard let creationID = ThreadsContainerDraft.nonEmpty(call.parameters["creation_id"]) else {
                return .failure(.invalidParameter("(#100) The parameter creation_id is required."))
            }
            let container = await publisher.containers(ids: [creationID]).first
            if container?.replyTo != nil, let missing = call.require(["threads_manage_replies"]) { return .failure(missing) }
            switch await publisher.publish(creationID: creationID, user: call.user, now: call.now) {
            case .failure(let error):
                return .failure(error)
            case .success(let post):
                let items = await publisher.containers(ids: container?.children ?? [])
                let images = container?.kind == .image ? [container!.receivedImage] : items.isEmpty ? nil : items.map(\.receivedImage)
                await record(call, kind: "post", remoteID: post.id, text: post.text, media: [creationID], images: images, replyTo: post.replyTo)
                return .success(.object(["id": .string(post.id)]))
            }
        }
    }

    /// `GET /v1.0/{user-id}/threads_publishing_limit?fields=quota_usage,config,reply_quota_usage,reply_config` →
    /// `{"data": [{…}]}` (docs/research/threads.md §6); the reply fields need `threads_manage_replies`.
    func publishingLimit(_ request: Request, nodeID: String) async -> Response {
        await threadsCall(request, nodeID: nodeID, scopes: ["threads_basic", "threads_content_publish"]) { call in
            guard call.isOwnProfile else { return .failure(.unsupportedGet(call.nodeID)) }
            let fields: GraphFields
            switch Self.fields(call, defaults: ["quota_usage"]) {
            case .failure(let error): return .failure(error)
            case .success(let parsed): fields = parsed
            }
            var entry: [String: JSONValue] = [:]
            for field in fields.fields {
                guard let value = await limitField(field.name, call: call) else {
                    return .failure(.nonexistingField(field.name, nodeType: "ThreadsPublishingLimit"))
                }
                if field.name.hasPrefix("reply_"), let missing = call.require(["threads_manage_replies"]) { return .failure(missing) }
                entry[field.name] = value
            }
            return .success(.object(["data": .array([.object(entry)])]))
        }
    }

    /// One field of the publishing limit; nil for a field it does not have.
    private func limitField(_ name: String, call: ThreadsCall) async -> JSONValue? {
        let limits = publisher.limits
        switch name {
        case "quota_usage": return .integer(Int64(await publisher.quotaUsage(userID: call.user.id, replies: false, now: call.now)))
        case "config": return Self.config(limits.posts, limits.window)
        case "reply_quota_usage": return .integer(Int64(await publisher.quotaUsage(userID: call.user.id, replies: true, now: call.now)))
        case "reply_config": return Self.config(limits.replies, limits.window)
        // The sandbox neither deletes nor searches locations, so those counters stay at zero.
        case "delete_quota_usage", "location_search_quota_usage": return .integer(0)
        case "delete_config": return Self.config(100, 86_400)
        case "location_search_config": return Self.config(500, 86_400)
        default: return nil
        }
    }

    private static func config(_ total: Int, _ duration: Int) -> JSONValue {
        .object(["quota_total": .integer(Int64(total)), "quota_duration": .integer(Int64(duration))])
    }
}
