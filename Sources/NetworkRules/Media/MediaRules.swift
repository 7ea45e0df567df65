import SchedulerCore

/// What media one network takes in one post: how many, which kinds, how big, which shapes.
public struct MediaRules: Sendable {
    public var maxImages: Int
    public var maxGIFs: Int
    public var maxVideos: Int
    /// Whether images, GIFs and videos may be mixed in one post.
    public var mixing: Bool
    /// At least this many images are required (Instagram).
    public var minImages: Int = 0
    public var allowedContentTypes: Set<String>
    public var maxImageBytes: Int
    public var maxGIFBytes: Int
    public var maxVideoBytes: Int
    /// Allowed width/height ratios, when the network has any.
    public var aspectRatios: ClosedRange<Double>?
    /// The longest alt text the network takes, in Unicode code points; nil where it documents none.
    public var maxAltTextLength: Int?

    public init(maxImages: Int, maxGIFs: Int = 0, maxVideos: Int = 0, mixing: Bool = false, minImages: Int = 0,
                allowedContentTypes: Set<String>, maxImageBytes: Int, maxGIFBytes: Int = 0, maxVideoBytes: Int = 0,
                aspectRatios: ClosedRange<Double>? = nil, maxAltTextLength: Int? = nil) {
        self.maxImages = maxImages; self.maxGIFs = maxGIFs; self.maxVideos = maxVideos; self.mixing = mixing
        self.minImages = minImages; self.allowedContentTypes = allowedContentTypes; self.maxImageBytes = maxImageBytes
        self.maxGIFBytes = maxGIFBytes; self.maxVideoBytes = maxVideoBytes; self.aspectRatios = aspectRatios
        self.maxAltTextLength = maxAltTextLength
    }

    /// Every problem with `media` for this network, each naming the limit.
    public func problems(with media: [MediaItem], networkName: String) -> [String] {
        var problems: [String] = []
        let images = media.filter { $0.kind == .image }, gifs = media.filter { $0.kind == .gif }, videos = media.filter { $0.kind == .video }
        if images.count < minImages {
            problems.append("\(networkName) needs at least \(minImages) image\(minImages == 1 ? "" : "s")")
        }
        if images.count > maxImages {
            problems.append("\(Counted.of(images.count, "image")), over \(networkName)'s limit of \(maxImages) per post")
        }
        if gifs.count > maxGIFs {
            problems.append(maxGIFs == 0 ? "\(networkName) does not take GIFs here" : "\(Counted.of(gifs.count, "GIF")), over \(networkName)'s limit of \(maxGIFs)")
        }
        if videos.count > maxVideos {
            problems.append(maxVideos == 0 ? "\(networkName) does not take videos here" : "\(Counted.of(videos.count, "video")), over \(networkName)'s limit of \(maxVideos)")
        }
        if !mixing, [images, gifs, videos].filter({ !$0.isEmpty }).count > 1 {
            problems.append("\(networkName) does not mix images, GIFs and videos in one post")
        }
        for item in media {
            if let maxAltTextLength, let alt = item.alt, alt.unicodeScalars.count > maxAltTextLength {
                problems.append("the alt text of \(item.label) has \(alt.unicodeScalars.count) characters, over \(networkName)'s limit of \(maxAltTextLength)")
            }
            if !allowedContentTypes.contains(item.contentType) {
                problems.append("\(item.contentType) is not a type \(networkName) takes (\(allowedContentTypes.sorted().joined(separator: ", ")))")
                continue
            }
            let limit = item.kind == .image ? maxImageBytes : item.kind == .gif ? maxGIFBytes : maxVideoBytes
            if limit > 0, item.size > limit {
                problems.append("\(item.kind.withArticle) of \(Self.megabytes(item.size)), over \(networkName)'s limit of \(Self.megabytes(limit))")
            }
            if let range = aspectRatios, item.kind == .image {
                guard let ratio = item.aspectRatio else {
                    problems.append("the image's size could not be read, and \(networkName) limits its aspect ratio")
                    continue
                }
                if !range.contains(ratio) {
                    problems.append("an image of \(item.width!)×\(item.height!) (aspect \(String(format: "%.2f", ratio)):1) is outside \(networkName)'s aspect ratios \(Self.ratio(range.lowerBound)) to \(Self.ratio(range.upperBound))")
                }
            }
        }
        return problems
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

    static func ratio(_ value: Double) -> String {
        switch value {
        case 0.8: "4:5"
        case 1.91: "1.91:1"
        default: String(format: "%.2f:1", value)
        }
    }

    /// Text only.
    public static let none = MediaRules(maxImages: 0, allowedContentTypes: [], maxImageBytes: 0)
}
