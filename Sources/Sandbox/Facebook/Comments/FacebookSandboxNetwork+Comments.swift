#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension FacebookSandboxNetwork {
    /// Comments on Page posts (`/{post-id}/comments`) and on Instagram media (`/{ig-media-id}/comments`): one edge
    /// on Graph, told apart by the object it is under.
    func addCommentRoutes(to router: Router<BasicRequestContext>) {
        router.post("/:version/:id/comments") { request, context in
            await versioned(request, context) { await createComment(request, nodeID: context.parameters.get("id") ?? "") }
        }
        router.get("/:version/:id/comments") { request, context in
            await versioned(request, context) { await listComments(request, nodeID: context.parameters.get("id") ?? "") }
        }
    }

    /// `POST /{object-id}/comments` with `message` → `{"id"}`: a Page comments on its own published post with its Page
    /// token and `pages_manage_engagement` (Pages API, posts guide); an Instagram account on its own media with
    /// `instagram_manage_comments` (IG Media comments reference). Recorded as `kind: "comment"` with the `parent_id`.
    func createComment(_ request: Request, nodeID: String) async -> Response {
        let target = await commentTarget(nodeID)
        return await graphCall(request, nodeID: nodeID, network: target?.network ?? "facebook") { call in
            let author: (id: String, name: String)
            switch commentAuthor(call, target: target) {
            case .failure(let error): return .failure(error)
            case .success(let found): author = found
            }
            let network = target?.network ?? "facebook"
            guard let message = call.parameters["message"], !message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                return .failure(.invalidParameter("(#100) The parameter message is required"))
            }
            if let problem = GraphCommentRules.problem(with: message, network: network) { return .failure(problem) }
            let comment = await comments.add(parentID: nodeID, network: network, authorID: author.id, authorName: author.name,
                                             message: message, now: call.now)
            await record(call, kind: "comment", remoteID: comment.id, actor: author.id, text: message, media: [], parentID: nodeID)
            return .success(.object(["id": .string(comment.id)]))
        }
    }

    /// `GET /{object-id}/comments`: the object's comments with Graph's paging. Facebook lists them oldest first
    /// (`filter=toplevel`, "in chronological order") unless `order=reverse_chronological`; a user token reads
    /// an empty list, as the reference says of Page posts. Instagram's reference names no order: oldest first, so a
    /// client cannot count on the newest coming first. Comments younger than the listing lag are left out.
    func listComments(_ request: Request, nodeID: String) async -> Response {
        let target = await commentTarget(nodeID)
        return await graphCall(request, nodeID: nodeID, network: target?.network ?? "facebook") { call in
            switch commentReader(call, target: target) {
            case .failure(let error): return .failure(error)
            case .success(let visible): if !visible { return .success(.object(["data": .array([])])) }
            }
            let order: GraphCommentOrder
            switch commentOrder(call.parameters, network: target?.network ?? "facebook") {
            case .failure(let error): return .failure(error)
            case .success(let parsed): order = parsed
            }
            let paging: GraphEdgePaging
            switch GraphEdgePaging.parse(call.parameters) {
            case .failure(let error): return .failure(error)
            case .success(let parsed): paging = parsed
            }
            let defaults = target?.network == "instagram" ? ["id", "text", "timestamp"] : ["id", "message", "created_time"]
            let fields = GraphFields.parse(call.parameters["fields"], defaults: defaults) ?? GraphFields([.init(name: "id")])
            let listing = environment.listings.current
            let listed = await comments.comments(on: nodeID).filter { listing.lists(createdAt: $0.createdAt, now: call.now) }
            let slice = paging.slice(order == .chronological ? listed : listed.reversed(), id: \.id, time: \.createdAt)
            var data: [JSONValue] = []
            for comment in slice.items {
                switch commentNode(comment, fields: fields) {
                case .failure(let error): return .failure(error)
                case .success(let node): data.append(node)
                }
            }
            return .success(GraphEdgePaging.body(data, firstID: slice.items.first?.id, lastID: slice.items.last?.id,
                                                 more: slice.more, earlier: slice.earlier, request: call.request))
        }
    }

    /// What a comments edge hangs under.
    enum CommentTarget: Sendable {
        case pagePost(PagePost)
        case instagramMedia(InstagramMedia)

        var network: String {
            switch self {
            case .pagePost: "facebook"
            case .instagramMedia: "instagram"
            }
        }
    }

    /// The Page post or Instagram media with this id, if any.
    func commentTarget(_ id: String) async -> CommentTarget? {
        if let post = await pages.post(id: id) { return .pagePost(post) }
        if let media = await instagram.media(id: id) { return .instagramMedia(media) }
        return nil
    }

    /// Who comments: the token's Page on its own visible post, or its Instagram account on its own media.
    private func commentAuthor(_ call: GraphCall, target: CommentTarget?) -> Result<(id: String, name: String), GraphError> {
        let page = call.reader.user.page
        switch target {
        case .pagePost(let post) where post.pageID == page.id && post.isVisible(at: call.now):
            let scopes = call.reader.info.scopes
            guard !call.reader.isUserToken, scopes.contains("pages_manage_engagement"), scopes.contains("pages_read_engagement") else {
                return .failure(.pageCommentPermission)
            }
            return .success((page.id, page.name))
        case .instagramMedia(let media) where media.igUserID == page.instagram.id:
            guard call.reader.info.scopes.contains("instagram_manage_comments") else { return .failure(.permissionDenied) }
            return .success((page.instagram.id, page.instagram.username))
        default:
            return .failure(.unsupportedPost(call.nodeID))
        }
    }

    /// Whether the token may read the object's comments (false: it reads an empty list), or why not at all.
    private func commentReader(_ call: GraphCall, target: CommentTarget?) -> Result<Bool, GraphError> {
        let page = call.reader.user.page
        let scopes = call.reader.info.scopes
        switch target {
        case .pagePost(let post) where post.pageID == page.id && post.isVisible(at: call.now):
            guard scopes.contains("pages_read_engagement") else { return .failure(.permissionDenied) }
            return .success(!call.reader.isUserToken)
        case .instagramMedia(let media) where media.igUserID == page.instagram.id:
            guard scopes.contains("instagram_basic"), scopes.contains("instagram_manage_comments") else { return .failure(.permissionDenied) }
            return .success(true)
        default:
            return .failure(.unsupportedGet(call.nodeID))
        }
    }

    /// `order` (Facebook only; default chronological) and `filter` (`toplevel` or `stream`: every sandbox comment is top-level).
    private func commentOrder(_ parameters: SubmittedForm, network: String) -> Result<GraphCommentOrder, GraphError> {
        if let filter = parameters["filter"], filter != "toplevel", filter != "stream" {
            return .failure(.invalidParameter("(#100) filter must be one of the following values: toplevel, stream"))
        }
        guard let text = parameters["order"], network == "facebook" else { return .success(.chronological) }
        guard let order = GraphCommentOrder(rawValue: text) else {
            return .failure(.invalidParameter("(#100) order must be one of the following values: chronological, reverse_chronological"))
        }
        return .success(order)
    }
}
