import CCairo

/// Writes a cairo image surface as PNG into memory.
///
/// cairo hands the encoded bytes to a C callback in chunks. The callback is a `@convention(c)`
/// closure with no captures (Swift 6 would refuse anything else); the bytes go into a class box
/// passed through cairo's `closure` pointer, kept alive for the length of the call.
enum PNGEncoding {
    /// Where the chunks land.
    private final class Sink {
        var bytes: [UInt8] = []
    }

    static func encode(_ surface: OpaquePointer) throws(RunCardError) -> [UInt8] {
        let sink = Sink()
        sink.bytes.reserveCapacity(256 * 1024)
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RunCardError("cannot encode the run card as PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.bytes
    }
}
