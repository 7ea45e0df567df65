import CCairo

/// A PNG in memory read into a cairo image surface (cairo reads PNG through libpng, and only from a file or a
/// stream): for checking that every row decodes, and for converting it to JPEG.
enum PNGReading {
    /// Decoding allocates four bytes a pixel, so a small file that claims a huge size is refused before cairo
    /// allocates it; no network takes images anywhere near this big.
    static let maximumPixels = 100_000_000

    /// Where cairo's reads come from: the bytes and how far it has read.
    private final class Source {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// The decoded image (destroy it with `cairo_surface_destroy`), or why it does not decode.
    static func surface(_ bytes: [UInt8]) throws(MediaCodecError) -> OpaquePointer {
        if let size = PNGChunks.size(bytes), size.width * size.height > maximumPixels {
            throw MediaCodecError("the PNG is \(size.width)×\(size.height) pixels, more than the \(maximumPixels / 1_000_000) million taken")
        }
        let source = Source(bytes)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
                let count = Int(length)
                guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                source.bytes.withUnsafeBufferPointer { buffer in
                    data.update(from: buffer.baseAddress! + source.offset, count: count)
                }
                source.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(source).toOpaque())
        }
        guard let surface else { throw MediaCodecError("cairo could not read the PNG") }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            let reason = status == CAIRO_STATUS_READ_ERROR ? "the file ends before the image does" : String(cString: cairo_status_to_string(status))
            throw MediaCodecError("the PNG does not decode (\(reason))")
        }
        return surface
    }
}
