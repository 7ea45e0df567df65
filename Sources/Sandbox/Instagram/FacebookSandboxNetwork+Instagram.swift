#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension FacebookSandboxNetwork {
    /// Instagram content publishing on the Graph listener: containers, publish, quota, the account's media.
    func addInstagramRoutes(to router: Router<BasicRequestContext>) {
        router.post("/:version/:id/media") { request, context in
            await versioned(request, context) { await createContainer(request, nodeID: context.parameters.get("id") ?? "") }
        }
        router.post("/:version/:id/media_publish") { request, context in
            await versioned(request, context) { await publishContainer(request, nodeID: context.parameters.get("id") ?? "") }
        }
        router.get("/:version/:id/media") { request, context in
            await versioned(request, context) { await listMedia(request, nodeID: context.parameters.get("id") ?? "") }
        }
        router.get("/:version/:id/children") { request, context in
            await versioned(request, context) { await listChildren(request, nodeID: context.parameters.get("id") ?? "") }
        }
        router.get("/:version/:id/content_publishing_limit") { request, context in
            await versioned(request, context) { await publishingLimit(request, nodeID: context.parameters.get("id") ?? "") }
        }
    }

    /// `POST /{ig-user-id}/media` with `image_url` and `caption` → `{"id": container}`; with `is_carousel_item=true`
    /// (and no caption) an item for a carousel; with `media_type=CAROUSEL`, a carousel (``createCarousel(_:account:)``).
    ///
    /// The sandbox downloads `image_url` now, as Instagram does, and checks it is a JPEG of at most
    /// 8 MiB with an aspect ratio from 4:5 to 1.91:1; the caption's length, hashtags and mentions too.
    func createContainer(_ request: Request, nodeID: String) async -> Response {
        await graphCall(request, nodeID: nodeID, network: "instagram") { call in
            let account: InstagramAccount
            switch instagramAccount(call, scope: "instagram_content_publish") {
            case .failure(let error): return .failure(error)
            case .success(let own): account = own
            }
            switch call.parameters["media_type"] ?? "IMAGE" {
            case "IMAGE": break
            case "CAROUSEL": return await createCarousel(call, account: account)
            case let type: return .failure(GraphError.invalidParameter("(#100) The sandbox publishes images and carousels only; media_type \(type) is not supported."))
            }
            guard let isItem = PagePostDraft.boolean(call.parameters["is_carousel_item"] ?? "false") else {
                return .failure(.invalidParameter("(#100) Param is_carousel_item must be a boolean"))
            }
            if isItem, call.parameters["caption"] != nil {
                return .failure(.invalidParameter("(#100) A carousel item takes no caption; the carousel container carries it"))
            }
            guard let url = call.parameters["image_url"], !url.isEmpty else {
                return .failure(.invalidParameter("(#100) The parameter image_url is required."))
            }
            let caption = call.parameters["caption"].flatMap { $0.isEmpty ? nil : $0 }
            if let caption, let problem = InstagramMediaRules.problem(with: caption) { return .failure(problem) }
            if let alt = call.parameters["alt_text"], let problem = InstagramMediaRules.problem(withAltText: alt) { return .failure(problem) }
            let image: (file: UploadedFile, sniffed: SniffedMedia)
            switch await fetchImage(url) {
            case .failure(let error): return .failure(error)
            case .success(let fetched): image = fetched
            }
            let container = await instagram.add(InstagramContainer(
                id: "", igUserID: account.id, imageURL: url, caption: caption, createdAt: call.now, sniffed: image.sniffed,
                altText: call.parameters["alt_text"].flatMap { $0.isEmpty ? nil : $0 }, sha256: image.file.sha256, isCarouselItem: isItem
            ))
            await record(
                call, kind: "media", remoteID: container.id, actor: account.id, text: caption, media: [container.id],
                fetched: image.file.fetchedDescriptor(url: url, sniffed: image.sniffed), images: [container.receivedImage]
            )
            return .success(.object(["id": .string(container.id)]))
        }
    }

    /// Downloads `url` and applies Instagram's image rules.
    private func fetchImage(_ url: String) async -> Result<(file: UploadedFile, sniffed: SniffedMedia), GraphError> {
        let file: UploadedFile
        switch await environment.fetcher.fetch(url, limit: InstagramMediaRules.maximumImageBytes) {
        case .fetched(let contentType, let bytes): file = UploadedFile(contentType: contentType, bytes: bytes)
        case .tooLarge: return .failure(.imageTooLarge)
        case .failed(let reason): return .failure(GraphError.mediaFetchFailed(url).withSandboxDetail(reason))
        }
        return InstagramMediaRules.check(file).map { (file, $0) }
    }

    /// `POST /{ig-user-id}/media_publish` with `creation_id` → `{"id": media}`: only a `FINISHED`
    /// container, only once, only within the account's 24-hour quota.
    func publishContainer(_ request: Request, nodeID: String) async -> Response {
        await graphCall(request, nodeID: nodeID, network: "instagram") { call in
            let account: InstagramAccount
            switch instagramAccount(call, scope: "instagram_content_publish") {
            case .failure(let error): return .failure(error)
            case .success(let own): account = own
            }
            guard let creationID = call.parameters["creation_id"], !creationID.isEmpty else {
                return .failure(.invalidParameter("(#100) The parameter creation_id is required."))
            }
            switch await instagram.publish(igUserID: account.id, creationID: creationID, now: call.now) {
            case .failure(let error):
                return .failure(error)
            case .success(let media):
                let children = await instagram.containers(ids: await instagram.containers(ids: [creationID]).first?.children ?? [])
                await record(call, kind: "post", remoteID: media.id, actor: account.id, text: media.caption, media: [creationID],
                             images: children.isEmpty ? nil : children.map(\.receivedImage))
                return .success(.object(["id": .string(media.id)]))
            }
        }
    }

    /// `GET /{ig-user-id}/content_publishing_limit?fields=quota_usage,config`.
    func publishingLimit(_ request: Request, nodeID: String) async -> Response {
        await graphCall(request, nodeID: nodeID, network: "instagram") { call in
            let account: InstagramAccount
            switch instagramAccount(call, scope: "instagram_basic") {
            case .failure(let error): return .failure(error)
            case .success(let own): account = own
            }
            let fields = GraphFields.parse(call.parameters["fields"], defaults: ["quota_usage"]) ?? GraphFields([.init(name: "quota_usage")])
            var entry: [String: JSONValue] = [:]
            for field in fields.fields {
                switch field.name {
                case "quota_usage":
                    entry["quota_usage"] = .integer(Int64(await instagram.quotaUsage(igUserID: account.id, now: call.now)))
                case "config":
                    entry["config"] = .object([
                        "quota_total": .integer(Int64(instagram.quota)),
                        "quota_duration": .integer(Int64(InstagramPublisher.quotaDuration)),
                    ])
                default:
                    return .failure(.nonexistingField(field.name, nodeType: "ShadowIGUserContentPublishingLimit"))
                }
            }
            return .success(.object(["data": .array([.object(entry)])]))
        }
    }

    /// `GET /{ig-user-id}/media?fields=id,caption,timestamp,permalink`: published media, newest first,
    /// paged by ``GraphEdgePaging`` (`limit` at most 100, `after`/`before`, `since`/`until`). Media younger
    /// than the listing lag are left out; `GET /{media-id}` finds them at once.
    func listMedia(_ request: Request, nodeID: String) async -> Response {
        await graphCall(request, nodeID: nodeID, network: "instagram") { call in
            let account: InstagramAccount
            switch instagramAccount(call, scope: "instagram_basic") {
            case .failure(let error): return .failure(error)
            case .success(let own): account = own
            }
            let fields = GraphFields.parse(call.parameters["fields"], defaults: ["id"]) ?? GraphFields([.init(name: "id")])
            let paging: GraphEdgePaging
            switch GraphEdgePaging.parse(call.parameters) {
            case .failure(let error): return .failure(error)
            case .success(let parsed): paging = parsed
            }
            let listing = environment.listings.current
            let listed = await instagram.media(igUserID: account.id).filter { listing.lists(createdAt: $0.timestamp, now: call.now) }
            let slice = paging.slice(listed, id: \.id, time: \.timestamp)
            var data: [JSONValue] = []
            for media in slice.items {
                switch mediaNode(media, account: account, fields: fields) {
                case .failure(let error): return .failure(error)
                case .success(let node): data.append(node)
                }
            }
            return .success(GraphEdgePaging.body(data, firstID: slice.items.first?.id, lastID: slice.items.last?.id,
                                                 more: slice.more, earlier: slice.earlier, request: call.request))
        }
    }

    /// The Instagram account `call` addresses: the one connected to the token's Page, with `scope` granted.
    func instagramAccount(_ call: GraphCall, scope: String) -> Result<InstagramAccount, GraphError> {
        let account = call.reader.user.page.instagram
        guard call.nodeID == account.id else {
            return .failure(call.request.method == .get ? .unsupportedGet(call.nodeID) : .unsupportedPost(call.nodeID))
        }
        guard call.reader.info.scopes.contains(scope) else { return .failure(.permissionDenied) }
        return .success(account)
    }
}
