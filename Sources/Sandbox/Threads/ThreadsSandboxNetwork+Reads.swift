#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension ThreadsSandboxNetwork {
    /// `GET /v1.0/{id}` (and `/v1.0/me`): the token's own profile, one of its containers (with `threads_content_publish`;
    /// counted as a status read), or one of its posts (counted); anything else is "unsupported get request".
    func node(_ request: Request, nodeID: String) async -> Response {
        await threadsCall(request, nodeID: nodeID) { call in
            if call.isOwnProfile {
                return Self.fields(call, defaults: ["id"]).flatMap { userNode(call.user, fields: $0) }
            }
            if let container = await publisher.readContainer(call.nodeID, userID: call.user.id) {
                if let missing = call.require(["threads_content_publish"]) { return .failure(missing) }
                return Self.fields(call, defaults: ["id", "status"]).flatMap { containerNode(container, fields: $0, now: call.now) }
            }
            guard let post = await publisher.readPost(call.nodeID, reader: call.user.id), post.userID == call.user.id else {
                return .failure(.unsupportedGet(call.nodeID))
            }
            let hasReplies = await !publisher.replies(to: post.id).isEmpty
            return Self.fields(call, defaults: ["id"]).flatMap { postNode(post, fields: $0, hasReplies: hasReplies) }
        }
    }

    /// `GET /v1.0/{user-id}/threads?fields=id,text,timestamp,permalink&since&until&limit&before&after`: the profile's
    /// own posts, newest first (the reference states no order), replies left out, paged by ``ThreadsPaging``. Posts
    /// younger than the listing lag are left out; `GET /{media-id}` finds them at once. Each call is counted.
    func listThreads(_ request: Request, nodeID: String) async -> Response {
        await threadsCall(request, nodeID: nodeID) { call in
            guard call.isOwnProfile else { return .failure(.unsupportedGet(call.nodeID)) }
            let posts = await publisher.listPosts(userID: call.user.id)
            return await page(posts, call: call)
        }
    }

    /// `GET /v1.0/{media-id}/replies`: the direct replies to a post in one of the profile's own threads, newest first, with
    /// `threads_read_replies`; the listing lag applies.
    func listReplies(_ request: Request, nodeID: String) async -> Response {
        await threadsCall(request, nodeID: nodeID, scopes: ["threads_basic", "threads_read_replies"]) { call in
            guard let post = await publisher.post(call.nodeID) else { return .failure(.unsupportedGet(call.nodeID)) }
            guard let root = await publisher.post(post.rootID ?? post.id), root.userID == call.user.id else {
                return .failure(.unsupportedGet(call.nodeID))
            }
            let replies = await publisher.replies(to: post.id)
            return await page(replies.reversed(), call: call)
        }
    }

    /// The listed (lag-filtered) slice of `newestFirst` that the call's paging asks for, rendered with its fields.
    private func page(_ newestFirst: [ThreadsPost], call: ThreadsCall) async -> Result<JSONValue, ThreadsError> {
        let fields: GraphFields, paging: ThreadsPaging
        switch Self.fields(call, defaults: ["id"]).flatMap({ parsed in ThreadsPaging.parse(call.parameters, now: call.now).map { (parsed, $0) } }) {
        case .failure(let error): return .failure(error)
        case .success(let (parsedFields, parsedPaging)): (fields, paging) = (parsedFields, parsedPaging)
        }
        let listing = environment.listings.current
        let slice = paging.slice(newestFirst.filter { listing.lists(createdAt: $0.timestamp, now: call.now) })
        var data: [JSONValue] = []
        for post in slice.items {
            let hasReplies = await !publisher.replies(to: post.id).isEmpty
            switch postNode(post, fields: fields, hasReplies: hasReplies) {
            case .failure(let error): return .failure(error)
            case .success(let node): data.append(node)
            }
        }
        return .success(ThreadsPaging.body(data, slice: slice, request: call.request))
    }
}
