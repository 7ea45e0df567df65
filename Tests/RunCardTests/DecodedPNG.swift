import CCairo
import Foundation

/// A PNG read back with cairo, independently of how the card was drawn: its size and its pixels.
///
/// Also parses the PNG's signature and IHDR by hand, so "it is a valid 1080×1350 PNG" is checked
/// on the bytes themselves and not only through cairo's reading of them.
final class DecodedPNG {
    let width: Int
    let height: Int
    private let stride: Int
    private let pixels: [UInt8]

    struct DecodeError: Error, CustomStringConvertible { var description: String }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Width and height from the IHDR chunk, which must come first after the signature.
    static func header(_ bytes: [UInt8]) throws -> (width: Int, height: Int) {
        guard bytes.count > 33, Array(bytes[0..<8]) == signature else { throw DecodeError(description: "no PNG signature") }
        guard Array(bytes[12..<16]) == Array("IHDR".utf8) else { throw DecodeError(description: "first chunk is not IHDR") }
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    /// Boxes the bytes and how far cairo has read, for the C read callback.
    private final class Source {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    init(_ bytes: [UInt8]) throws {
        let source = Source(bytes)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
                let n = Int(length)
                guard source.offset + n <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                source.bytes.withUnsafeBufferPointer { buffer in
                    data.update(from: buffer.baseAddress! + source.offset, count: n)
                }
                source.offset += n
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(source).toOpaque())
        }
        guard let surface else { throw DecodeError(description: "cairo returned no surface") }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw DecodeError(description: "cairo cannot read the PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        pixels = Array(UnsafeBufferPointer(start: data, count: stride * height))
    }

    /// The pixel's red, green and blue (cairo keeps 32-bit native-endian xRGB words).
    func rgb(_ x: Int, _ y: Int) -> RGB8 {
        let i = y * stride + x * 4
        let word = UInt32(pixels[i]) | UInt32(pixels[i + 1]) << 8 | UInt32(pixels[i + 2]) << 16 | UInt32(pixels[i + 3]) << 24
        return RGB8(r: UInt8((word >> 16) & 0xFF), g: UInt8((word >> 8) & 0xFF), b: UInt8(word & 0xFF))
    }

    /// How many pixels in the rectangle are exactly this colour.
    func count(_ colour: RGB8, x: Range<Int>, y: Range<Int>) -> Int {
        var n = 0
        for yy in y { for xx in x where rgb(xx, yy) == colour { n += 1 } }
        return n
    }
}

/// An 8-bit colour, comparable and printable in failure messages.
struct RGB8: Equatable, CustomStringConvertible {
    var r: UInt8, g: UInt8, b: UInt8
    var description: String { String(format: "#%02X%02X%02X", r, g, b) }
}
