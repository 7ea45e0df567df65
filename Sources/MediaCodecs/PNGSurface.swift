import CCairo

/// A PNG decoded into a cairo image surface, for drawing it onto another (the run card's map tiles).
public enum PNGSurface {
    /// The decoded image, to release with `cairo_surface_destroy`, or why not. A PNG whose header claims more than
    /// `maximumPixels` is refused before cairo allocates anything for it: a tile server's answer is small, and a
    /// few hundred bytes can claim a picture of gigabytes.
    public static func decode(_ bytes: [UInt8], maximumPixels: Int) throws(MediaCodecError) -> OpaquePointer {
        guard let size = PNGChunks.size(bytes) else { throw MediaCodecError("the file does not start like a PNG") }
        guard size.width > 0, size.height > 0, size.width * size.height <= maximumPixels else {
            throw MediaCodecError("the PNG is \(size.width)×\(size.height) pixels, more than the \(maximumPixels) taken")
        }
        return try PNGReading.surface(bytes)
    }
}
