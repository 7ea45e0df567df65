import CCairo
import Foundation
import Testing
@testable import MediaCodecs

/// Issue 16, bug 4: a file whose header reads well but which is cut short (the first 60 kB of a 116 kB JPEG) or
/// damaged is found by decoding it whole, for every kind of file a post takes.
@Suite struct MediaIntegrityTests {
    /// The end-to-end tests' pictures: real files, made by other programs than this one.
    static func fixture(_ name: String) throws -> [UInt8] {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("EndToEndTests/Fixtures")
        return Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// A photo-sized JPEG of noise (noise compresses badly, so the file is large, as a photo is).
    static func largeJPEG() throws -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 400, 300)!
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var seed: UInt32 = 2_463_534_242
        for offset in 0..<(stride * 300) {
            seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5
            data[offset] = UInt8(truncatingIfNeeded: seed)
        }
        cairo_surface_mark_dirty(surface)
        return try JPEGEncoder.encode(surface)
    }

    @Test func wholeFiles_passTheCheck() throws {
        #expect(MediaIntegrity.damage(in: try Self.fixture("run-4x5.jpg"), contentType: "image/jpeg") == nil)
        #expect(MediaIntegrity.damage(in: try Self.fixture("panorama-3x1.jpg"), contentType: "image/jpeg") == nil)
        #expect(MediaIntegrity.damage(in: try Self.fixture("square-ish.png"), contentType: "image/png") == nil)
        #expect(MediaIntegrity.damage(in: try Self.largeJPEG(), contentType: "image/jpeg") == nil)
        #expect(MediaIntegrity.damage(in: Self.gif, contentType: "image/gif") == nil)
        #expect(MediaIntegrity.damage(in: Self.mp4(), contentType: "video/mp4") == nil)
    }

    @Test func aJPEGCutShortAfterItsHeader_isFound_thoughItsHeaderReadsWell() throws {
        let whole = try Self.largeJPEG()
        #expect(whole.count > 100_000, "\(whole.count) bytes")
        let cut = Array(whole.prefix(whole.count * 60 / 116))
        let damage = try #require(MediaIntegrity.damage(in: cut, contentType: "image/jpeg"))
        #expect(damage.contains("Premature end of JPEG file"), "\(damage)")
        let real = try Self.fixture("run-4x5.jpg")
        #expect(MediaIntegrity.damage(in: Array(real.prefix(real.count / 2)), contentType: "image/jpeg") != nil)
    }

    @Test func aJPEGWithItsDataOverwrittenInTheMiddle_isFound() throws {
        var bytes = try Self.largeJPEG()
        for index in (bytes.count / 2)..<(bytes.count / 2 + 2_000) { bytes[index] = 0xFF }
        #expect(MediaIntegrity.damage(in: bytes, contentType: "image/jpeg") != nil)
    }

    @Test func aPNGCutShort_orWithAByteChanged_isFound() throws {
        let png = try Self.fixture("square-ish.png")
        let cut = try #require(MediaIntegrity.damage(in: Array(png.prefix(png.count - 100)), contentType: "image/png"))
        #expect(cut.contains("cut short"), "\(cut)")
        let noEnd = try #require(MediaIntegrity.damage(in: Array(png.prefix(png.count - 12)), contentType: "image/png"))
        #expect(noEnd.contains("without its IEND"), "\(noEnd)")
        var flipped = png
        flipped[200] ^= 0x01
        let changed = try #require(MediaIntegrity.damage(in: flipped, contentType: "image/png"))
        #expect(changed.contains("IDAT chunk") && changed.contains("CRC"), "\(changed)")
    }

    @Test func aGIFCutShortBeforeItsTrailer_isFound() {
        #expect(MediaIntegrity.damage(in: Array(Self.gif.dropLast()), contentType: "image/gif")?.contains("before its trailer") == true)
        #expect(MediaIntegrity.damage(in: Array(Self.gif.prefix(30)), contentType: "image/gif") != nil)
    }

    @Test func aVideoCutShortInsideItsData_orWithoutItsIndex_isFound() {
        let video = Self.mp4()
        let cut = MediaIntegrity.damage(in: Array(video.dropLast(10)), contentType: "video/mp4")
        #expect(cut?.contains("its mdat box needs") == true, "\(cut ?? "nil")")
        #expect(MediaIntegrity.damage(in: Self.mp4(withMovie: false), contentType: "video/mp4")?.contains("no moov box") == true)
    }

    @Test func aPNG_becomesAJPEGOfTheSameSize_thatDecodesWhole() throws {
        let converted = try JPEGConversion.jpeg(fromPNG: try Self.fixture("square-ish.png"))
        #expect(converted.bytes.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(converted.width == 400 && converted.height == 500)
        #expect(MediaIntegrity.damage(in: converted.bytes, contentType: "image/jpeg") == nil)
        #expect(throws: MediaCodecError.self) { try JPEGConversion.jpeg(fromPNG: Array("not a png".utf8)) }
    }

    /// A 1×1 GIF89a: header, screen, a two-colour table, a graphic control extension, the image, the trailer.
    static let gif: [UInt8] = Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00,
                                                       0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00,
                                                       0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00,
                                                       0x3B]

    /// An MP4's layout: `ftyp`, `moov` (empty here), then `mdat` with the media data.
    static func mp4(withMovie: Bool = true) -> [UInt8] {
        func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + content.count)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + content
        }
        return box("ftyp", Array("isom".utf8) + [0, 0, 2, 0] + Array("isomiso2mp41".utf8))
            + (withMovie ? box("moov", box("mvhd", [UInt8](repeating: 0, count: 100))) : [])
            + box("mdat", [UInt8](repeating: 7, count: 5_000))
    }
}
