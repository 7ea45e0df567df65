import NetworkRules
import SchedulerCore

extension FacebookConnector {
    /// What `--dry-run` shows: each request's endpoint and fields as they would be sent (never the token, nor file bytes).
    public func preview(_ request: PublishRequest) -> JSONValue {
        let page = "POST /\(app.graphVersion)/\(request.accountRemoteID)"
        if request.media.count >= 2 {
            let uploads = request.media.map { photo in
                Self.photoPreview(photo, fields: Self.photoFields(photo, caption: nil, unpublished: true), endpoint: page + "/photos")
            }
            let attached = request.media.indices.map { JSONValue.object(["media_fbid": .string("(the id of upload \($0 + 1))")]) }
            return .object(["uploads": .array(uploads), "endpoint": .string(page + "/feed"), "message": .string(request.text),
                            "attached_media": .array(attached)])
        }
        if let photo = request.media.first {
            return Self.photoPreview(photo, fields: Self.photoFields(photo, caption: request.text, unpublished: false), endpoint: page + "/photos")
        }
        return .object(["endpoint": .string(page + "/feed"), "message": .string(request.text)])
    }

    private static func photoPreview(_ photo: MediaItem, fields: [(String, String)], endpoint: String) -> JSONValue {
        var object: [String: JSONValue] = ["endpoint": .string(endpoint),
                                           "source": .string("\(photo.fileName) (\(photo.contentType), \(photo.size) bytes)")]
        for (name, value) in fields { object[name] = .string(value) }
        return .object(object)
    }
}
