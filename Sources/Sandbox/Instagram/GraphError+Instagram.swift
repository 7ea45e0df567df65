/// Instagram's content-publishing errors, with the person-facing title and message Graph adds.
extension GraphError {
    /// 9004/2207052: `image_url` could not be downloaded (not http(s), unreachable, not 2xx).
    static func mediaFetchFailed(_ url: String) -> GraphError {
        GraphError(
            "Only photo or video can be accepted as media type.", code: 9004, subcode: 2207052,
            userTitle: "Media download has failed.", userMessage: "The media could not be fetched from this uri: \(url)",
            reasonCode: "media_fetch_failed"
        )
    }

    /// 36000/2207004: the image is larger than 8 MiB.
    static var imageTooLarge: GraphError {
        GraphError(
            "The image size is too large.", code: 36000, subcode: 2207004,
            userTitle: "Image size too large", userMessage: "The image is too large to download. It should be less than 8 MiB.",
            reasonCode: "image_too_large"
        )
    }

    /// 36001/2207005: not a JPEG (or no readable frame header).
    static var unsupportedImageFormat: GraphError {
        GraphError(
            "The image format is not supported.", code: 36001, subcode: 2207005,
            userTitle: "Unsupported image format", userMessage: "The image format is not supported. Supported formats are: JPEG.",
            reasonCode: "unsupported_image_format"
        )
    }

    /// 36003/2207009: the aspect ratio is outside 4:5 to 1.91:1.
    static func invalidAspectRatio(_ image: SniffedMedia) -> GraphError {
        let ratio = image.aspectRatio.map { String(Double(Int(($0 * 1000).rounded())) / 1000) } ?? "?"
        return GraphError(
            "The aspect ratio is not supported.", code: 36003, subcode: 2207009,
            userTitle: "Cannot publish image with this aspect ratio",
            userMessage: "The submitted image with aspect ratio ('\(ratio)') cannot be published. Please submit an image with a valid aspect ratio.",
            reasonCode: "invalid_aspect_ratio"
        ).withSandboxDetail("\(image.width ?? 0)x\(image.height ?? 0); allowed 4:5 to 1.91:1")
    }

    /// 9007/2207027: the container is not `FINISHED` (still processing, or already published).
    static func containerNotReady(alreadyPublished: Bool) -> GraphError {
        GraphError(
            "Media ID is not available", code: 9007, subcode: 2207027,
            userTitle: "Media not ready for publishing", userMessage: "The media is not ready for publishing, please wait for a moment",
            reasonCode: alreadyPublished ? "container_already_published" : "container_not_finished"
        ).withSandboxDetail(alreadyPublished ? "the container was already published" : "its status_code is not FINISHED yet")
    }

    /// -2/2207020: the container is older than 24 hours.
    static var containerExpired: GraphError {
        GraphError(
            "The media you are trying to access has expired. Please try to upload again.", code: -2, subcode: 2207020,
            userTitle: "Media expired", userMessage: "The media you are trying to access has expired. Please try to upload again.",
            isTransient: false, reasonCode: "container_expired"
        )
    }

    /// 24/2207006: no container with this id belongs to this account.
    static func containerNotFound(_ id: String) -> GraphError {
        GraphError(
            "The media with id \(id) cannot be found.", code: 24, subcode: 2207006,
            userTitle: "Media not found", userMessage: "The media with id \(id) cannot be found.",
            reasonCode: "unknown_container"
        )
    }

    /// 9/2207042: the account published its quota of posts in the last 24 hours.
    static var publishingLimitReached: GraphError {
        GraphError(
            "Application request limit reached", code: 9, subcode: 2207042,
            userTitle: "Max posts reached",
            userMessage: "You reached maximum number of posts that is allowed to be published by Content Publishing API.",
            reasonCode: "publishing_limit"
        )
    }

    /// 100: a carousel item container sent to `media_publish` by itself; only its carousel can be published.
    /// No published answer shows Graph's words for this; the stricter reading refuses it.
    static func carouselItemAlone(_ id: String) -> GraphError {
        GraphError.invalidParameter("(#100) The media \(id) is a carousel item; publish the CAROUSEL container that lists it")
            .withSandboxDetail("a carousel item container cannot be published on its own")
    }

    /// 100: a carousel listing fewer than 2 or more than 10 children.
    static func carouselSize(_ count: Int) -> GraphError {
        GraphError.invalidParameter("(#100) The carousel has \(count) children; a carousel takes 2 to 10")
    }

    /// 100: a child that cannot go into a carousel (not a carousel item, already in a carousel, listed twice).
    static func unusableCarouselChild(_ id: String, _ why: String) -> GraphError {
        GraphError.invalidParameter("(#100) The media \(id) in children cannot be used in this carousel").withSandboxDetail(why)
    }
}
