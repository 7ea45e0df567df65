import NetworkRules
import SchedulerCore

extension InstagramConnector {
    /// What `--dry-run` shows: the container requests as they would be sent, or, for a handoff, what the person gets.
    public func preview(_ request: PublishRequest) -> JSONValue {
        if request.handoff {
            return .object(["handoff": .bool(true), "caption": .string(request.text),
                            "media": .array(request.media.map { .string($0.fileName) })])
        }
        let endpoint = "POST /\(app.graphVersion)/\(request.accountRemoteID)/media"
        if request.media.count >= 2 {
            let items = request.media.map { Self.object(Self.imageFields($0, url: imageURL($0), caption: nil)) }
            let children = request.media.indices.map { "(item \($0 + 1))" }
            var carousel = Self.fields(Self.carouselFields(children: children, caption: request.text))
            carousel["endpoint"] = .string(endpoint + " for each item, then the carousel, then media_publish")
            carousel["items"] = .array(items)
            return .object(carousel)
        }
        var fields = Self.fields(Self.imageFields(request.media.first ?? Self.noImage, url: request.media.first.map(imageURL) ?? "",
                                                  caption: request.text))
        fields["endpoint"] = .string(endpoint + " then media_publish")
        return .object(fields)
    }

    private static func fields(_ pairs: [(String, String)]) -> [String: JSONValue] {
        Dictionary(pairs.map { ($0.0, JSONValue.string($0.1)) }, uniquingKeysWith: { first, _ in first })
    }

    private static func object(_ pairs: [(String, String)]) -> JSONValue { .object(fields(pairs)) }

    /// Stands in for a missing image, so a preview of an invalid request still shows its caption.
    private static let noImage = MediaItem(path: "", kind: .image, contentType: "image/jpeg", size: 0, sha256: "", width: nil, height: nil, alt: nil)
}
