/// A file format recognised from its first bytes, never from a name or a declared type.
enum MediaFormat: String, Sendable, Equatable, CaseIterable {
    case jpeg, png, gif, webp, mp4, quicktime

    /// The MIME type the networks use for it.
    var contentType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .mp4: "video/mp4"
        case .quicktime: "video/quicktime"
        }
    }

    var isImage: Bool { [.jpeg, .png, .gif, .webp].contains(self) }
    var isVideo: Bool { [.mp4, .quicktime].contains(self) }

    /// The format a MIME type names, if the sandbox knows it (`image/jpg` too).
    init?(contentType: String) {
        let type = contentType.lowercased()
        guard let format = MediaFormat.allCases.first(where: { $0.contentType == type }) ?? (type == "image/jpg" ? .jpeg : nil) else { return nil }
        self = format
    }
}
