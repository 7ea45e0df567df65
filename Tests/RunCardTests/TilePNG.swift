import CCairo
import Foundation

/// Tiles made for the tests: a 256×256 PNG of one colour with a darker grid, drawn and encoded with cairo.
enum TilePNG {
    static func solid(_ colour: RGB8, size: Int = 256) -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size), Int32(size))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, Double(colour.r) / 255, Double(colour.g) / 255, Double(colour.b) / 255)
        cairo_paint(cr)
        cairo_destroy(cr)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tile-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        cairo_surface_write_to_png(surface, path)
        return [UInt8](FileManager.default.contents(atPath: path)!)
    }

    /// The PNG signature and a header claiming 100,000 × 100,000 pixels, and nothing after.
    static func claimingHugeSize() -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        return bytes
    }
}
