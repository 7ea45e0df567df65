import CCairo

/// An image converted to JPEG, for networks that take nothing else (Instagram's Graph API).
public enum JPEGConversion {
    public struct Converted: Sendable {
        public var bytes: [UInt8]
        public var width: Int
        public var height: Int
    }

    /// The content types cairo reads, and so can be converted.
    public static let convertibleContentTypes: Set<String> = ["image/png"]

    /// The PNG as a JPEG of the same size; transparent pixels go onto white, as Instagram shows them.
    public static func jpeg(fromPNG bytes: [UInt8]) throws(MediaCodecError) -> Converted {
        let image = try PNGReading.surface(bytes)
        defer { cairo_surface_destroy(image) }
        let width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image)
        guard let opaque = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height) else {
            throw MediaCodecError("cairo could not make an image of \(width)×\(height)")
        }
        defer { cairo_surface_destroy(opaque) }
        guard cairo_surface_status(opaque) == CAIRO_STATUS_SUCCESS, let context = cairo_create(opaque) else {
            throw MediaCodecError("cairo could not make an image of \(width)×\(height) (out of memory?)")
        }
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_set_source_surface(context, image, 0, 0)
        cairo_paint(context)
        cairo_destroy(context)
        let bytes = try JPEGEncoder.encode(opaque)
        return Converted(bytes: bytes, width: Int(width), height: Int(height))
    }
}
