/// What the sandbox learned from a file's bytes: its format and, for images, its pixel size.
struct SniffedMedia: Sendable, Equatable {
    var format: MediaFormat
    /// Width in pixels, when the header says (always for PNG, GIF and WebP; JPEG needs a SOF marker).
    var width: Int?
    var height: Int?

    /// Whether width/height lies within `low...high` (both inclusive), compared without rounding.
    func aspectRatio(isWithin low: (Int, Int), _ high: (Int, Int)) -> Bool {
        guard let width, let height, width > 0, height > 0 else { return false }
        return width * low.1 >= height * low.0 && width * high.1 <= height * high.0
    }

    /// width/height as a decimal, for messages.
    var aspectRatio: Double? {
        guard let width, let height, height > 0 else { return nil }
        return Double(width) / Double(height)
    }
}
