import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// Steps the multi-image and comment tests repeat on the Graph listener.
extension SandboxHarness {
    /// `POST /{page-id}/photos` with `published=false` (and `temporary=true` unless told otherwise) → the photo's id.
    func unpublishedPhoto(_ account: GraphAccount, alt: String?, temporary: Bool = true, token: String? = nil) async throws -> String {
        var photo = MultipartBody()
        photo.field("published", "false")
        if temporary { photo.field("temporary", "true") }
        if let alt { photo.field("alt_text_custom", alt) }
        photo.file("source", filename: "lap.jpg", contentType: "image/jpeg", TestImages.jpeg(width: 1200, height: 900))
        let uploaded = try await post(facebook + "/v26.0/\(account.pageID)/photos", multipart: photo, headers: [.bearer(token ?? account.pageToken)])
        #expect(uploaded.status == 200, "\(uploaded.bodyText)")
        return try #require(uploaded.json?["id"]?.stringValue)
    }

    /// `POST /{page-id}/feed` with `message` and `attached_media[n]` for `photos`.
    func feedPost(_ account: GraphAccount, message: String, photos: [String]) async throws -> HTTPResponse {
        let attached = photos.enumerated().map { ("attached_media[\($0.offset)]", #"{"media_fbid":"\#($0.element)"}"#) }
        return try await post(facebook + "/v26.0/\(account.pageID)/feed", form: [("message", message)] + attached + [("access_token", account.pageToken)])
    }

    /// An Instagram item container for a carousel, read twice so it is `FINISHED` unless `finished` is false.
    func carouselItem(_ account: GraphAccount, imageURL: String, alt: String? = nil, finished: Bool = true) async throws -> String {
        var form = [("image_url", imageURL), ("is_carousel_item", "true")]
        if let alt { form.append(("alt_text", alt)) }
        let created = try await post(facebook + "/v26.0/\(account.instagramID)/media", form: form + [("access_token", account.pageToken)])
        #expect(created.status == 200, "\(created.bodyText)")
        let id = try #require(created.json?["id"]?.stringValue)
        if finished {
            for _ in 0..<2 { _ = try await get(facebook + "/v26.0/\(id)?fields=status_code", headers: [.bearer(account.pageToken)]) }
        }
        return id
    }

    /// `POST /{ig-user-id}/media` with `media_type=CAROUSEL` and `children`.
    func carousel(_ account: GraphAccount, children: [String], caption: String = "Track night") async throws -> HTTPResponse {
        try await post(facebook + "/v26.0/\(account.instagramID)/media", form: [
            ("media_type", "CAROUSEL"), ("children", children.joined(separator: ",")), ("caption", caption), ("access_token", account.pageToken),
        ])
    }

    /// Reads a container twice (so it is `FINISHED`) and publishes it.
    func publishContainer(_ account: GraphAccount, _ container: String) async throws -> HTTPResponse {
        for _ in 0..<2 { _ = try await get(facebook + "/v26.0/\(container)?fields=status_code", headers: [.bearer(account.pageToken)]) }
        return try await post(facebook + "/v26.0/\(account.instagramID)/media_publish", form: [("creation_id", container), ("access_token", account.pageToken)])
    }

    /// A published one-image Instagram post → its media id.
    func instagramPost(_ account: GraphAccount, caption: String = "Sunday long run") async throws -> String {
        let url = try await hostFile("square.jpg", TestImages.jpeg(width: 1080, height: 1080))
        let created = try await post(facebook + "/v26.0/\(account.instagramID)/media", form: [
            ("image_url", url), ("caption", caption), ("access_token", account.pageToken),
        ])
        let container = try #require(created.json?["id"]?.stringValue)
        return try #require(try await publishContainer(account, container).json?["id"]?.stringValue)
    }

    /// `POST /{object-id}/comments` with `message`.
    func comment(on id: String, _ message: String, token: String) async throws -> HTTPResponse {
        try await post(facebook + "/v26.0/\(id)/comments", form: [("message", message), ("access_token", token)])
    }
}
