import CCairo
import CJPEG
import Foundation

/// Cairo image surfaces as JPEG: cairo writes only PNG, and Instagram's Graph API takes nothing but JPEG, so both the
/// run card and the PNG a person attaches for Instagram go through libjpeg here.
public enum JPEGEncoder {
    /// High enough that a photo or a card's text shows no blocks, small enough for every network's size limit.
    public static let quality: Int32 = 92

    /// The surface's pixels (RGB24, or ARGB32 read as if opaque) as a baseline JPEG.
    public static func encode(_ surface: OpaquePointer, quality: Int32 = quality) throws(MediaCodecError) -> [UInt8] {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else {
            throw MediaCodecError("the image has no pixels to encode")
        }
        // Cairo's RGB24 keeps each pixel in a native-endian 32-bit word, 0x00RRGGBB.
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { words in
            for y in 0..<height {
                let row = y * stride / 4
                for x in 0..<width {
                    let pixel = words[row + x]
                    let index = (y * width + x) * 3
                    rgb[index] = UInt8((pixel >> 16) & 0xFF)
                    rgb[index + 1] = UInt8((pixel >> 8) & 0xFF)
                    rgb[index + 2] = UInt8(pixel & 0xFF)
                }
            }
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = rgb.withUnsafeBufferPointer { cjpeg_encode_rgb($0.baseAddress, Int32(width), Int32(height), quality, &output, &size) }
        guard status == 0, let output else { throw MediaCodecError("libjpeg could not encode the image") }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
