/// One image of an accepted multi-image post (a Facebook post with attached photos, an Instagram carousel), as
/// the network holds it: which upload or item container it is, its alt text, and what its bytes were.
public struct ReceivedImage: Codable, Sendable, Equatable {
    /// The unpublished photo's id (Facebook) or the item container's id (Instagram).
    public var id: String
    /// `alt_text_custom` (Facebook) or `alt_text` (Instagram), as sent; nil when none was.
    public var altText: String?
    /// Hex SHA-256 of the image's bytes.
    public var sha256: String
    public var width: Int?
    public var height: Int?
    /// Where the network fetched it from (Instagram's `image_url`); nil for an uploaded file.
    public var url: String?

    public init(id: String, altText: String?, sha256: String, width: Int?, height: Int?, url: String? = nil) {
        self.id = id; self.altText = altText; self.sha256 = sha256; self.width = width; self.height = height; self.url = url
    }

    enum CodingKeys: String, CodingKey {
        case id
        case altText = "alt_text"
        case sha256, width, height, url
    }
}
