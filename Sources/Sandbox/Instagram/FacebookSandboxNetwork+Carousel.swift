#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension FacebookSandboxNetwork {
    /// `POST /{ig-user-id}/media` with `media_type=CAROUSEL`, `children` (comma-separated item container ids, in
    /// order) and `caption` → `{"id": container}`, checked as ``InstagramPublisher/createCarousel(igUserID:childIDs:caption:now:)``
    /// says. Recorded with each child's image and alt text (`images`).
    func createCarousel(_ call: GraphCall, account: InstagramAccount) async -> Result<JSONValue, GraphError> {
        guard let list = call.parameters["children"], !list.isEmpty else {
            return .failure(.invalidParameter("(#100) The parameter children is required for a CAROUSEL container."))
        }
        if call.parameters["image_url"] != nil || call.parameters["is_carousel_item"] != nil {
            return .failure(.invalidParameter("(#100) A CAROUSEL container takes children, not image_url or is_carousel_item"))
        }
        let caption = call.parameters["caption"].flatMap { $0.isEmpty ? nil : $0 }
        if let caption, let problem = InstagramMediaRules.problem(with: caption) { return .failure(problem) }
        let childIDs = list.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        switch await instagram.createCarousel(igUserID: account.id, childIDs: childIDs, caption: caption, now: call.now) {
        case .failure(let error):
            return .failure(error)
        case .success(let carousel):
            let children = await instagram.containers(ids: childIDs)
            await record(call, kind: "media", remoteID: carousel.id, actor: account.id, text: caption, media: childIDs,
                         images: children.map(\.receivedImage))
            return .success(.object(["id": .string(carousel.id)]))
        }
    }

    /// `GET /{ig-media-id}/children`: a carousel's images in order (`id`, `media_type`, `media_url`, `timestamp`);
    /// empty for a single image.
    func listChildren(_ request: Request, nodeID: String) async -> Response {
        await graphCall(request, nodeID: nodeID, network: "instagram") { call in
            let account = call.reader.user.page.instagram
            guard call.reader.info.scopes.contains("instagram_basic"), let media = await instagram.media(id: nodeID), media.igUserID == account.id else {
                return .failure(.unsupportedGet(nodeID))
            }
            let fields = GraphFields.parse(call.parameters["fields"], defaults: ["id"]) ?? GraphFields([.init(name: "id")])
            var data: [JSONValue] = []
            for child in media.children {
                var node: [String: JSONValue] = [:]
                for field in fields.fields {
                    switch field.name {
                    case "id": node["id"] = .string(child.id)
                    case "media_type": node["media_type"] = .string("IMAGE")
                    case "media_url": node["media_url"] = .string(child.imageURL)
                    case "timestamp": node["timestamp"] = .string(GraphTimestamp.format(child.timestamp))
                    default: return .failure(.nonexistingField(field.name, nodeType: "IGMedia"))
                    }
                }
                data.append(.object(node))
            }
            return .success(.object(["data": .array(data)]))
        }
    }
}
