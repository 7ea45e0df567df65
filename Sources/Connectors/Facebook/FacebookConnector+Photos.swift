import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore

/// Photos on a Page: one photo is its own post (`POST /{page-id}/photos`); several go up unpublished and are
/// attached to one feed post, as the Photo uploads guide describes a multi-photo post.
extension FacebookConnector {
    /// `POST /{page-id}/photos` with the text as `caption`: the publishing request for a one-photo post.
    func publishPhoto(_ photo: MediaItem, request: PublishRequest, credentials: AccountCredentials) async throws(ConnectorError) -> HTTPResponse {
        var form = try Self.photoForm(photo, caption: request.text, unpublished: false, token: credentials.token)
        let body = form.finish()
        return try await http.send("POST", app.graph + "/\(request.accountRemoteID)/photos", headers: [HTTPHeader("Content-Type", form.contentType)],
                                   body: body, publishing: true)
    }

    /// Uploads every photo unpublished, in order, then makes the post with `POST /{page-id}/feed` (`message` and
    /// `attached_media[n]={"media_fbid": id}`), which is the publishing request.
    ///
    /// The uploads publish nothing (an unpublished photo is seen by no one), so they are retried like any upload;
    /// they are `temporary`, so photos a crash leaves behind unattached are deleted by Facebook, never shown.
    func publishPhotos(_ request: PublishRequest, credentials: AccountCredentials) async throws(ConnectorError) -> HTTPResponse {
        var ids: [String] = []
        for photo in request.media {
            ids.append(try await PreparatoryStep.run { () throws(ConnectorError) in
                try await uploadUnpublished(photo, page: request.accountRemoteID, token: credentials.token)
            })
        }
        let fields = [("message", request.text)] + Self.attachedMedia(ids) + [("access_token", credentials.token)]
        return try await http.send("POST", app.graph + "/\(request.accountRemoteID)/feed", headers: [Self.form],
                                   body: FormBody.encode(fields), publishing: true)
    }

    /// `POST /{page-id}/photos` with `published=false` and `temporary=true`: the photo's id, for `attached_media`.
    func uploadUnpublished(_ photo: MediaItem, page: String, token: String) async throws(ConnectorError) -> String {
        var form = try Self.photoForm(photo, caption: nil, unpublished: true, token: token)
        let body = form.finish()
        let response = try await http.send("POST", app.graph + "/\(page)/photos", headers: [HTTPHeader("Content-Type", form.contentType)],
                                           body: body, publishing: false)
        guard response.status == 200 else { throw GraphErrorMapping.error(for: response, network: "Facebook") }
        guard let id = ConnectorTransport.json(response)?["id"]?.stringValue else {
            throw ConnectorError(code: .retryable, message: "Facebook took the photo \(photo.fileName) but its answer had no id",
                                 httpStatus: response.status, excerpt: Excerpt.redacted(response.bodyText))
        }
        return id
    }

    /// The multipart body of one photo: its `caption` (one-photo posts only), `alt_text_custom`, and the file as `source`.
    static func photoForm(_ photo: MediaItem, caption: String?, unpublished: Bool, token: String) throws(ConnectorError) -> MultipartForm {
        var form = MultipartForm()
        for (name, value) in photoFields(photo, caption: caption, unpublished: unpublished) { form.field(name, value) }
        form.field("access_token", token)
        form.file("source", fileName: photo.fileName, contentType: photo.contentType, bytes: try MediaFile.bytes(photo, network: "Facebook"))
        return form
    }

    /// The text fields of a photo upload, in the order sent; ``preview(_:)`` shows the same.
    static func photoFields(_ photo: MediaItem, caption: String?, unpublished: Bool) -> [(String, String)] {
        var fields: [(String, String)] = []
        if let caption { fields.append(("caption", caption)) }
        if unpublished { fields += [("published", "false"), ("temporary", "true")] }
        if let alt = photo.alt, !alt.isEmpty { fields.append(("alt_text_custom", alt)) }
        return fields
    }

    /// `attached_media[0]={"media_fbid":"…"}`, `attached_media[1]=…`, in the photos' order.
    static func attachedMedia(_ ids: [String]) -> [(String, String)] {
        ids.enumerated().map { index, id in ("attached_media[\(index)]", mediaFBID(id)) }
    }

    /// `{"media_fbid":"<id>"}`, with the id JSON-escaped.
    static func mediaFBID(_ id: String) -> String {
        let encoded = (try? JSONEncoder().encode(JSONValue.object(["media_fbid": .string(id)]))) ?? Data()
        return String(decoding: encoded, as: UTF8.self)
    }
}
