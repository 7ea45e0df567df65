import CCairo

/// Whether a media file is whole, checked before it is kept: images are decoded (JPEG through libjpeg, PNG through
/// cairo and libpng, after its chunks' CRCs), GIF and WebP walked to their end, videos' boxes checked to fit the file.
/// A file cut short or damaged is refused when it is attached rather than found out when it is published.
public enum MediaIntegrity {
    /// Nil when the file of `contentType` (as ``MediaInspector`` named it) is whole; else what is wrong, in a sentence.
    public static func damage(in bytes: [UInt8], contentType: String) -> String? {
        switch contentType {
        case "image/jpeg":
            return JPEGCheck.damage(in: bytes)
        case "image/png":
            if let problem = PNGChunks.damage(in: bytes) { return problem }
            do {
                let surface = try PNGReading.surface(bytes)
                cairo_surface_destroy(surface)
                return nil
            } catch {
                return error.message
            }
        case "image/gif":
            return GIFStructure.damage(in: bytes)
        case "image/webp":
            return WebPStructure.damage(in: bytes)
        case "video/mp4", "video/quicktime":
            return VideoBoxes.damage(in: bytes)
        default:
            return nil
        }
    }
}
