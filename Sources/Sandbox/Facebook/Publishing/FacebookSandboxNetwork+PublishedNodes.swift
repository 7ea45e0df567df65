#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SchedulerCore

extension FacebookSandboxNetwork {
    /// `GET /{id}` for something the token's user published: a Page post or photo, an Instagram
    /// container (each read counts as a status poll) or an Instagram post.
    func publishedNode(_ id: String, reader: Reader, fields text: String?, now: Date) async -> Result<JSONValue, GraphError> {
        let page = reader.user.page
        if let post = await pages.post(id: id), post.pageID == page.id {
            return postNode(post, fields: fields(text, defaults: ["id", "message", "created_time"]), now: now,
                            photos: await pages.photos(ids: post.attachedMedia))
        }
        if let photo = await pages.photo(id: id), photo.pageID == page.id,
           !photo.isExpired(at: now, lifetime: environment.configuration.temporaryPhotoLifetime.timeInterval) {
            return photoNode(photo, fields: fields(text, defaults: ["id", "created_time"]))
        }
        let instagramScopes: Set<String> = ["instagram_basic", "instagram_content_publish"]
        guard !instagramScopes.isDisjoint(with: reader.info.scopes) else { return .failure(.unsupportedGet(id)) }
        if let container = await instagram.poll(id, igUserID: page.instagram.id) {
            return containerNode(container, fields: fields(text, defaults: ["id"]), now: now)
        }
        if let media = await instagram.media(id: id), media.igUserID == page.instagram.id {
            return mediaNode(media, account: page.instagram, fields: fields(text, defaults: ["id"]))
        }
        return .failure(.unsupportedGet(id))
    }

    /// `fields`, or `defaults` when absent; unbalanced braces read as `id` alone.
    private func fields(_ text: String?, defaults: [String]) -> GraphFields {
        GraphFields.parse(text, defaults: defaults) ?? GraphFields([.init(name: "id")])
    }
}
