import NetworkRules
import SchedulerCore

/// A carousel: 2 to 10 images in one post, as Content Publishing describes it: one item container per image
/// (`is_carousel_item=true`), each processed (`FINISHED`) before it can be a child, then a `CAROUSEL` container
/// listing them in order with the caption; that container is what `media_publish` publishes.
///
/// Nothing here is ever deleted, and nothing needs to be: a container is seen by no one until it is published,
/// and Instagram expires unpublished containers after 24 hours. Item or carousel containers that a crash (or a
/// failed step) leaves behind are never published, since each attempt makes new ones and publishes only its own
/// carousel; that is how partial uploads are cleaned up.
extension InstagramConnector {
    /// Creates and waits for each item container, then creates the carousel container → its id. An item goes into one
    /// carousel only, and a carousel request that failed may still have taken its items (a 5xx after Instagram acted),
    /// so when the carousel container fails for a moment the whole step is made again, items included.
    func carouselContainer(_ request: PublishRequest, token: String) async throws(ConnectorError) -> String {
        let user = request.accountRemoteID
        return try await PreparatoryStep.run { () throws(ConnectorError) in
            var children: [String] = []
            for image in request.media {
                let item = try await createContainer(Self.imageFields(image, url: imageURL(image), caption: nil), user: user, token: token)
                try await waitUntilFinished(item, token: token)
                children.append(item)
            }
            return try await createContainerOnce(Self.carouselFields(children: children, caption: request.text), user: user, token: token)
        }
    }

    /// `media_type=CAROUSEL`, `children` (the item containers' ids, comma-separated, in order) and `caption`.
    static func carouselFields(children: [String], caption: String) -> [(String, String)] {
        [("media_type", "CAROUSEL"), ("children", children.joined(separator: ",")), ("caption", caption)]
    }
}
