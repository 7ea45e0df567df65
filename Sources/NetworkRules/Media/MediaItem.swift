import Foundation

/// One media file attached to a post, as stored in the state directory: what connectors upload and
/// what validation checks against each network's limits.
public struct MediaItem: Sendable, Equatable, Codable {
    /// Absolute path of the stored copy.
    public var path: String
    public var kind: MediaKind
    /// MIME type, e.g. `image/jpeg`.
    public var contentType: String
    public var size: Int
    /// Hex SHA-256 of the bytes: also the stored file's name, so one file attached twice is stored once.
    public var sha256: String
    public var width: Int?
    public var height: Int?
    public var alt: String?
    /// The file as the person named it (their path), when it came with the request: what messages call it.
    public var name: String?

    public init(path: String, kind: MediaKind, contentType: String, size: Int, sha256: String,
                width: Int?, height: Int?, alt: String?, name: String? = nil) {
        self.path = path; self.kind = kind; self.contentType = contentType; self.size = size
        self.sha256 = sha256; self.width = width; self.height = height; self.alt = alt; self.name = name
    }

    /// What a message calls the file: the path the person gave, else the stored file's name.
    public var label: String { name ?? fileName }

    /// Width over height, when known.
    public var aspectRatio: Double? {
        guard let width, let height, height > 0 else { return nil }
        return Double(width) / Double(height)
    }

    /// The stored file's name (`<sha256>.<ext>`), which is also its path under a public media base URL.
    public var fileName: String { (path as NSString).lastPathComponent }
}

/// What a file is, as networks distinguish it.
public enum MediaKind: String, Sendable, Codable {
    case image
    case gif
    case video

    /// The kind in a sentence, with its article: "an image", "a GIF", "a video" (issue 25, bug 16: "a image").
    public var withArticle: String {
        switch self {
        case .image: "an image"
        case .gif: "a GIF"
        case .video: "a video"
        }
    }
}
