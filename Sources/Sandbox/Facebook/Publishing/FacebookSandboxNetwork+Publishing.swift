#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension FacebookSandboxNetwork {
    /// What a token needs to publish to a Page, besides being that Page's token.
    static let pagePublishingScopes = ["pages_manage_posts", "pages_read_engagement"]
    /// The largest photo Graph takes.
    static let maximumPhotoBytes = 10 * 1024 * 1024

    /// Page publishing: `POST /{page-id}/feed`, `POST /{page-id}/photos`, and the reads reconciliation needs.
    func addPublishingRoutes(to router: Router<BasicRequestContext>) {
        router.post("/:version/:id/feed") { request, context in
            await versioned(request, context) { await publishFeed(request, nodeID: context.parameters.get("id") ?? "") }
        }
        router.post("/:version/:id/photos") { request, context in
            await versioned(request, context) { await publishPhoto(request, nodeID: context.parameters.get("id") ?? "") }
        }
        router.get("/:version/:id/feed") { request, context in
            await versioned(request, context) { await readFeed(request, nodeID: context.parameters.get("id") ?? "", scheduled: false) }
        }
        router.get("/:version/:id/scheduled_posts") { request, context in
            await versioned(request, context) { await readFeed(request, nodeID: context.parameters.get("id") ?? "", scheduled: true) }
        }
    }

    /// `POST /{page-id}/feed` with `message`, `link`, `published`, `scheduled_publish_time`, `attached_media`
    /// → `{"id": "{page-id}_{post-id}"}`.
    func publishFeed(_ request: Request, nodeID: String) async -> Response {
        await graphCall(request, nodeID: nodeID) { call in
            let page: FacebookPage
            switch publishablePage(call) {
            case .failure(let error): return .failure(error)
            case .success(let own): page = own
            }
            let draft: PagePostDraft
            switch PagePostDraft.parse(call.parameters, now: call.now) {
            case .failure(let error): return .failure(error)
            case .success(let parsed): draft = parsed
            }
            let lifetime = environment.configuration.temporaryPhotoLifetime.timeInterval
            switch await pages.publish(draft, pageID: page.id, now: call.now, photoLifetime: lifetime) {
            case .failure(let error):
                return .failure(error)
            case .success(let post):
                let images = post.attachedMedia.isEmpty ? nil : await pages.photos(ids: post.attachedMedia).map(\.receivedImage)
                await record(call, kind: "post", remoteID: post.id, actor: page.id, text: post.message, media: post.attachedMedia, images: images)
                return .success(.object(["id": .string(post.id)]))
            }
        }
    }

    /// `POST /{page-id}/photos`: a multipart `source` file or a public `url`, described by `caption`, with
    /// `alt_text_custom` for screen readers → `{"id", "post_id"}`; `published=false` stores it for `attached_media`
    /// (shown nowhere until attached), and `temporary=true` as well deletes it if it is not attached within
    /// ``SandboxConfiguration/temporaryPhotoLifetime``.
    ///
    /// The Photo reference marks `message` "Deprecated. Please use the caption param instead."; the sandbox
    /// refuses it, so a client still sending it is caught rather than having its text dropped some day.
    func publishPhoto(_ request: Request, nodeID: String) async -> Response {
        await graphCall(request, nodeID: nodeID, bodyLimit: Self.photoBodyLimit) { call in
            let page: FacebookPage
            switch publishablePage(call) {
            case .failure(let error): return .failure(error)
            case .success(let own): page = own
            }
            guard let published = PagePostDraft.boolean(call.parameters["published"] ?? "true"),
                  let temporary = PagePostDraft.boolean(call.parameters["temporary"] ?? "false") else {
                return .failure(.invalidParameter("(#100) Params published and temporary must be booleans"))
            }
            let image: (file: UploadedFile, fetched: JSONValue?, sniffed: SniffedMedia)
            switch await photoImage(call) {
            case .failure(let error): return .failure(error)
            case .success(let found): image = found
            }
            guard call.parameters["message"] == nil else {
                return .failure(.invalidParameter("(#100) Param message is deprecated for photos; use caption"))
            }
            let caption = call.parameters["caption"].flatMap { $0.isEmpty ? nil : $0 }
            let upload = PagePhoto(id: "", pageID: page.id, caption: caption, createdAt: call.now, sniffed: image.sniffed,
                                   altText: call.parameters["alt_text_custom"].flatMap { $0.isEmpty ? nil : $0 },
                                   sha256: image.file.sha256, temporary: temporary && !published)
            let (photo, post) = await pages.addPhoto(upload, published: published, now: call.now)
            await record(
                call, kind: post == nil ? "media" : "post", remoteID: post?.id ?? photo.id, actor: page.id,
                text: caption, media: [photo.id], fetched: image.fetched, images: [photo.receivedImage]
            )
            var body: [String: JSONValue] = ["id": .string(photo.id)]
            if let post { body["post_id"] = .string(post.id) }
            return .success(.object(body))
        }
    }

    /// The photo's bytes: the `source` part, or what `url` serves; it must be an image.
    private func photoImage(_ call: GraphCall) async -> Result<(file: UploadedFile, fetched: JSONValue?, sniffed: SniffedMedia), GraphError> {
        var file: UploadedFile
        var url: String?
        if let source = call.parameters.files["source"] {
            file = source
        } else if let address = call.parameters["url"] {
            url = address
            switch await environment.fetcher.fetch(address, limit: Self.maximumPhotoBytes) {
            case .fetched(let contentType, let bytes): file = UploadedFile(contentType: contentType, bytes: bytes)
            case .tooLarge: return .failure(.missingImage("the image at url is larger than \(Self.maximumPhotoBytes) bytes"))
            case .failed(let reason): return .failure(.missingImage("url could not be fetched: \(reason)"))
            }
        } else {
            return .failure(.requiresUploadFile)
        }
        guard file.bytes.count <= Self.maximumPhotoBytes, let sniffed = MediaSniffer.sniff(file.bytes), sniffed.format.isImage else {
            return .failure(.missingImage("the file is not a JPEG, PNG, GIF or WebP image of at most \(Self.maximumPhotoBytes) bytes"))
        }
        return .success((file, url.map { file.fetchedDescriptor(url: $0, sniffed: sniffed) }, sniffed))
    }

    /// The Page `call` may publish to: the token must be that Page's token, with both publishing permissions.
    func publishablePage(_ call: GraphCall) -> Result<FacebookPage, GraphError> {
        let page = call.reader.user.page
        guard call.nodeID == page.id else {
            return .failure(call.nodeID == call.reader.user.id ? .pagePublishingPermission : .unsupportedPost(call.nodeID))
        }
        let scopes = call.reader.info.scopes
        guard !call.reader.isUserToken, Self.pagePublishingScopes.allSatisfy(scopes.contains) else { return .failure(.pagePublishingPermission) }
        return .success(page)
    }

    /// `GET /{page-id}/feed?fields=id,message,created_time` (or `/scheduled_posts`): newest first,
    /// paged by ``GraphEdgePaging`` (`limit` at most 100, `after`/`before`, `since`/`until`). The feed
    /// leaves out posts younger than the listing lag; `GET /{post-id}` finds them at once.
    func readFeed(_ request: Request, nodeID: String, scheduled: Bool) async -> Response {
        await graphCall(request, nodeID: nodeID) { call in
            let page = call.reader.user.page
            guard call.nodeID == page.id else { return .failure(.unsupportedGet(call.nodeID)) }
            guard call.reader.info.scopes.contains("pages_read_engagement") else { return .failure(.permissionDenied) }
            let fields = GraphFields.parse(call.parameters["fields"], defaults: ["id", "message", "created_time"]) ?? GraphFields([.init(name: "id")])
            let paging: GraphEdgePaging
            switch GraphEdgePaging.parse(call.parameters) {
            case .failure(let error): return .failure(error)
            case .success(let parsed): paging = parsed
            }
            let listing = environment.listings.current
            let posts = scheduled ? await pages.scheduled(pageID: page.id, now: call.now)
                : await pages.feed(pageID: page.id, now: call.now).filter { listing.lists(createdAt: $0.createdAt, now: call.now) }
            let slice = paging.slice(posts, id: \.id, time: \.createdAt)
            var data: [JSONValue] = []
            for post in slice.items {
                switch postNode(post, fields: fields, now: call.now, photos: await pages.photos(ids: post.attachedMedia)) {
                case .failure(let error): return .failure(error)
                case .success(let node): data.append(node)
                }
            }
            return .success(GraphEdgePaging.body(data, firstID: slice.items.first?.id, lastID: slice.items.last?.id,
                                                 more: slice.more, earlier: slice.earlier, request: call.request))
        }
    }
}
