import CCairo
import Foundation
import HTTPClient
import Testing

@testable import Sandbox

/// `GET /tiles/{z}/{x}/{y}.png`: a 256×256 PNG of a made-up town, the same every time, joining its neighbours; 404 for
/// a tile that does not exist, 403 without a `User-Agent`.
@Suite struct SandboxTileTests {
    @Test func aTile_isA256PNG_servedToAClientThatNamesItself() async throws {
        try await SandboxHarness.run { sandbox in
            let response = try await sandbox.get(sandbox.x + "/tiles/16/33185/22545.png", headers: [HTTPHeader("User-Agent", "schedulerd/test")])
            #expect(response.status == 200 && response.header("Content-Type") == "image/png")
            let tile = try TileImage(response.body)
            #expect(tile.width == 256 && tile.height == 256)
            let again = try await sandbox.get(sandbox.facebook + "/tiles/16/33185/22545.png", headers: [HTTPHeader("User-Agent", "other")])
            #expect(again.body == response.body, "the same tile on every port and every time")
            let missing = try await sandbox.get(sandbox.x + "/tiles/20/0/0.png", headers: [HTTPHeader("User-Agent", "schedulerd/test")])
            #expect(missing.status == 404)
        }
    }

    @Test func tilesThatDoNotExist_are404_andAClientWithoutUserAgent_is403() {
        for (z, x, file) in [("20", "0", "0.png"), ("3", "8", "0.png"), ("3", "0", "8.png"), ("-1", "0", "0.png"), ("3", "1", "1.jpg"), ("a", "1", "1.png")] {
            #expect(SandboxTileRoutes.tile(userAgent: "ua", z: z, x: x, file: file).status == .notFound, "\(z)/\(x)/\(file)")
        }
        #expect(SandboxTileRoutes.tile(userAgent: nil, z: "1", x: "0", file: "0.png").status == .forbidden)
        #expect(SandboxTileRoutes.tile(userAgent: "  ", z: "1", x: "0", file: "0.png").status == .forbidden)
        #expect(SandboxTileRoutes.tile(userAgent: "ua", z: "19", x: "\((1 << 19) - 1)", file: "0.png").status == .ok)
    }

    @Test func aTownTile_isMostlyLand_withStreetsParksAndARiver() throws {
        let tile = try TileImage(try #require(SandboxTilePainter.png(z: 14, x: 8296, y: 5637)))
        var colours: [UInt32: Int] = [:]
        for y in 0..<256 { for x in 0..<256 { colours[tile.pixel(x, y), default: 0] += 1 } }
        let land = colours[0xF2EFE9] ?? 0, white = colours[0xFFFFFF] ?? 0, park = colours[0xC8FACC] ?? 0
        #expect(land > 256 * 256 / 5, "land \(land)")
        #expect(white > 500, "streets \(white)")
        #expect(park > 1_000 && (colours[0xAAD3DF] ?? 0) > 1_000, "parks \(park), river \(colours[0xAAD3DF] ?? 0)")
    }

    @Test(arguments: [(15, 16592), (17, 66370), (12, 2046)])
    func neighbouringTiles_joinUp(zoom: Int, column: Int) throws {
        let row = 1 << (zoom - 1) - 7
        let left = try TileImage(try #require(SandboxTilePainter.png(z: zoom, x: column, y: row)))
        let right = try TileImage(try #require(SandboxTilePainter.png(z: zoom, x: column + 1, y: row)))
        let below = try TileImage(try #require(SandboxTilePainter.png(z: zoom, x: column, y: row + 1)))
        // The roads that reach a seam go on in the next tile: a road's colour at the edge is a road's colour (or its
        // casing) a pixel away across it. Not every pixel: where a road's side runs exactly along the seam, smoothing
        // puts half of it on each side.
        let roads: [UInt32] = [0xFFFFFF, 0xF7FABF, 0xFCD6A4]
        func road(_ c: UInt32) -> Bool { roads.contains { TileImage.close($0, c, within: 12) } }
        func carriesOn(_ b: [UInt32]) -> Bool { b.contains { road($0) || TileImage.close($0, 0xCCC7C2) } }
        let across = (0..<256).filter { y in road(left.pixel(255, y)) }
        let down = (0..<256).filter { x in road(left.pixel(x, 255)) }
        #expect(across.count > 8 && down.count > 8, "roads cross both seams")
        let joined = across.filter { y in carriesOn([max(0, y - 1), y, min(255, y + 1)].map { right.pixel(0, $0) }) }.count
            + down.filter { x in carriesOn([max(0, x - 1), x, min(255, x + 1)].map { below.pixel($0, 0) }) }.count
        #expect(joined * 10 >= (across.count + down.count) * 9, "\(joined) of \(across.count + down.count) road pixels carry on")
    }
}

/// A PNG decoded with cairo, for its size and pixels.
struct TileImage {
    let width: Int, height: Int
    private let pixels: [UInt32]

    init(_ bytes: [UInt8]) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tile-\(UUID().uuidString).png").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let surface = cairo_image_surface_create_from_png(path)!
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw CocoaError(.fileReadCorruptFile) }
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        pixels = (0..<h).flatMap { y in (0..<w).map { x in data[y * stride + x] & 0xFFFFFF } }
        width = w
        height = h
    }

    /// `0xRRGGBB`.
    func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

    static func close(_ a: UInt32, _ b: UInt32, within tolerance: Int = 40) -> Bool {
        [16, 8, 0].allSatisfy { abs(Int((a >> $0) & 0xFF) - Int((b >> $0) & 0xFF)) <= tolerance }
    }
}
