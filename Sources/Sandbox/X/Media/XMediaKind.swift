/// What an uploaded X media item becomes in a post: X allows 1–4 images, or 1 GIF, or 1 video.
enum XMediaKind: String, Sendable, Equatable {
    case image
    case gif = "animated_gif"
    case video

    /// The largest file X takes of this kind: images 5 MB, animated GIFs 15 MB, videos 512 MB.
    var maximumBytes: Int {
        switch self {
        case .image: 5 * 1024 * 1024
        case .gif: 15 * 1024 * 1024
        case .video: 512 * 1024 * 1024
        }
    }

    /// Whether X processes it after upload (`processing_info`, then `STATUS` polls).
    var needsProcessing: Bool { self != .image }

    /// Whether a file of `format` can be this kind.
    func accepts(_ format: MediaFormat) -> Bool {
        switch self {
        case .image: format.isImage
        case .gif: format == .gif
        case .video: format.isVideo
        }
    }
}

/// X's `media_category` values and what each means for the sandbox.
enum XMediaCategory {
    /// Every category X documents for post and DM media, with the kind it yields.
    static let kinds: [String: XMediaKind] = [
        "tweet_image": .image, "dm_image": .image,
        "tweet_gif": .gif, "dm_gif": .gif,
        "tweet_video": .video, "dm_video": .video, "amplify_video": .video,
    ]

    /// What the one-shot `POST /2/media/upload` takes: the simple upload is "images only" (docs.x.com media
    /// introduction); the OpenAPI lists more, and the stricter reading wins. `subtitles` is not emulated.
    static let oneShot: Set<String> = ["tweet_image", "dm_image"]

    /// The category X assumes when none is given to a chunked upload: by the declared type.
    static func defaultCategory(for format: MediaFormat) -> String {
        switch format {
        case .gif: "tweet_gif"
        case .mp4, .quicktime: "tweet_video"
        case .jpeg, .png, .webp: "tweet_image"
        }
    }

    /// The number before `_` in a `media_key`: 3 photo, 16 animated GIF, 7 video, 13 amplify video.
    static func keyPrefix(for category: String) -> Int {
        switch kinds[category] {
        case .gif?: 16
        case .video? where category == "amplify_video": 13
        case .video?: 7
        default: 3
        }
    }
}
