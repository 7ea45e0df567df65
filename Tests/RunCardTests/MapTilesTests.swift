import Foundation
import RunSummary
import Testing

@testable import RunCard

/// The map under the route: slippy-map tile numbers, the zoom and the tiles a card needs, and the tiles drawn under the
/// route with their attribution; tiles that do not decode leave the panel plain, and never stop the card.
@Suite struct MapTilesTests {
    static let tileColour = RGB8(r: 0x40, g: 0xA0, b: 0x60)
    static let panel = RGB8(Palette.panel.bytes)
    static let accent = RGB8(Palette.accent.bytes)

    @Test func tileNumbers_areTheSlippyMapOnes() {
        // London at zoom 12, the wiki's kind of example.
        #expect(WebMercator.tile(Coordinate(latitude: 51.5074, longitude: -0.1278), zoom: 12) == TileKey(z: 12, x: 2046, y: 1362))
        // The one tile of zoom 0, and the four of zoom 1 meeting at 0°, 0°.
        #expect(WebMercator.tile(Coordinate(latitude: 40, longitude: 100), zoom: 0) == TileKey(z: 0, x: 0, y: 0))
        #expect(WebMercator.tile(Coordinate(latitude: 0.001, longitude: 0.001), zoom: 1) == TileKey(z: 1, x: 1, y: 0))
        #expect(WebMercator.tile(Coordinate(latitude: -0.001, longitude: -0.001), zoom: 1) == TileKey(z: 1, x: 0, y: 1))
        // Paris at zoom 16; and the world's corners held to its edge.
        #expect(WebMercator.tile(Coordinate(latitude: 48.8584, longitude: 2.2945), zoom: 16) == TileKey(z: 16, x: 33185, y: 22545))
        #expect(WebMercator.tile(Coordinate(latitude: 89, longitude: -180), zoom: 3) == TileKey(z: 3, x: 0, y: 0))
        #expect(WebMercator.tile(Coordinate(latitude: -89, longitude: 179.9999), zoom: 3) == TileKey(z: 3, x: 7, y: 7))
        #expect(TileKey(z: 19, x: (1 << 19) - 1, y: 0).isValid && !TileKey(z: 20, x: 0, y: 0).isValid && !TileKey(z: 2, x: 4, y: 0).isValid)
    }

    @Test(arguments: [1_000.0, 3_000, 10_000, 42_000])
    func theZoom_drawsTilesAt1To2Times_andTheTilesCoverThePanel(metres: Double) throws {
        let origin = Coordinate(latitude: 48.85, longitude: 2.35)
        let route = (0...100).map { Fixtures.offset(origin, east: metres * Double($0) / 100, north: metres * 0.4 * sin(Double($0) / 16)) }
        let panel = CardLayout.mapPanel
        let frame = try #require(MapFrame(route: route, panel: panel))
        #expect(frame.tileSide >= 256 && frame.tileSide < 512, "zoom \(frame.zoom): \(frame.tileSide) px a tile")
        #expect(frame.keys.count <= 25 && frame.keys.count >= 4, "\(frame.keys.count) tiles")
        #expect(frame.keys.allSatisfy { $0.isValid && $0.z == frame.zoom })
        // Every corner and the centre of the panel is under a tile, and the route's ends are under the tiles named.
        for p in [Point(x: panel.minX + 1, y: panel.minY + 1), Point(x: panel.maxX - 1, y: panel.maxY - 1), Point(x: panel.midX, y: panel.midY)] {
            #expect(frame.placements.contains { $0.rect.contains(p) }, "\(p) is under no tile")
        }
        #expect(frame.keys.contains(WebMercator.tile(route[0], zoom: frame.zoom)))
        #expect(frame.keys.contains(WebMercator.tile(route[100], zoom: frame.zoom)))
        // Neighbouring squares share their edges: no gap and no overlap between tiles.
        let sorted = frame.placements.sorted { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.rect.y == b.rect.y {
            #expect(a.rect.maxX == b.rect.minX)
        }
    }

    @Test func aLongerRoute_getsAShallowerZoom() throws {
        let origin = Coordinate(latitude: 55.9, longitude: -3.2)
        let zoom = { (metres: Double) in MapFrame(route: [origin, Fixtures.offset(origin, east: metres, north: metres)], panel: CardLayout.mapPanel)!.zoom }
        #expect(zoom(500) > zoom(5_000) && zoom(5_000) > zoom(50_000))
        #expect(zoom(5_000) == 13, "a 5 km square at Edinburgh's latitude: 662 px over 0.000223 of the world, 2^13.5 tiles")
    }

    @Test func aRouteOfOnePoint_isFramedAtZoom19_inTheMiddle() throws {
        let point = Coordinate(latitude: 51.5074, longitude: -0.1278)
        let panel = CardLayout.mapPanel
        let frame = try #require(MapFrame(route: [point], panel: panel))
        #expect(frame.zoom == 19 && frame.tileSide == 512)
        #expect(frame.keys.contains(WebMercator.tile(point, zoom: 19)))
        let p = frame.projection.point(point)
        #expect(abs(p.x - panel.midX) < 0.001 && abs(p.y - panel.midY) < 0.001)
        // A route of a few metres is no larger than zoom 19 at 2× either.
        let short = MapFrame(route: [point, Fixtures.offset(point, east: 3, north: 0)], panel: panel)
        #expect(short?.zoom == 19 && short?.tileSide == 512)
    }

    @Test func aCard_namesTheTilesUnderItsMapPanel_andATreadmillRunNone() throws {
        let summary = try Fixtures.tenKilometreLoop()
        let keys = RunCard.mapTiles(for: summary, units: .metric)
        let frame = try #require(MapFrame(route: summary.route, panel: CardPlan(summary, units: .metric).map))
        #expect(keys == frame.keys && !keys.isEmpty)
        #expect(keys.contains(WebMercator.tile(summary.route[0], zoom: frame.zoom)))
        #expect(RunCard.mapTiles(for: Fixtures.treadmill(), units: .metric).isEmpty)
    }

    @Test func theTiles_areDrawnUnderTheRoute_washedOut_withTheAttribution() throws {
        let summary = Fixtures.summary(route: Fixtures.lRoute())
        let keys = RunCard.mapTiles(for: summary, units: .metric)
        let tiles = MapTiles(images: Dictionary(uniqueKeysWithValues: keys.map { ($0, TilePNG.solid(Self.tileColour)) }),
                             attribution: "© OpenStreetMap contributors")
        let image = try DecodedPNG(try RunCard.render(summary, units: .metric, map: tiles))
        let panel = CardPlan(summary, units: .metric).map
        // Away from the route (the panel's top right, the L's empty corner): the tile's colour, washed towards white.
        let washed = { (c: UInt8) in UInt8((Double(c) * (1 - TileLayer.wash) + 255 * TileLayer.wash).rounded()) }
        let expected = RGB8(r: washed(Self.tileColour.r), g: washed(Self.tileColour.g), b: washed(Self.tileColour.b))
        let away = image.rgb(Int(panel.maxX) - 120, Int(panel.minY) + 80)
        #expect(away != Self.panel)
        #expect(abs(Int(away.r) - Int(expected.r)) <= 2 && abs(Int(away.g) - Int(expected.g)) <= 2 && abs(Int(away.b) - Int(expected.b)) <= 2,
                "\(away), expected \(expected)")
        // The route on top, where the map frame projects it.
        let frame = try #require(MapFrame(route: summary.route, panel: panel))
        let corner = frame.projection.point(summary.route[100])
        #expect(image.rgb(Int(corner.x), Int(corner.y)) == Self.accent)
        // The attribution's box in the bottom-right corner: near-white, with dark text in it.
        let corners = (x: Int(panel.maxX) - 300..<Int(panel.maxX) - 10, y: Int(panel.maxY) - 44..<Int(panel.maxY) - 10)
        let light = image.count(where: { $0.r > 220 && $0.g > 220 && $0.b > 220 }, x: corners.x, y: corners.y)
        let dark = image.count(where: { $0.r < 100 && $0.g < 100 && $0.b < 100 }, x: corners.x, y: corners.y)
        #expect(light > 1_000 && dark > 100, "light \(light), dark \(dark)")
    }

    @Test func tilesThatDoNotDecode_leaveThePanelPlain_withoutAttribution() throws {
        let summary = Fixtures.summary(route: Fixtures.lRoute())
        let keys = RunCard.mapTiles(for: summary, units: .metric)
        let broken: [[UInt8]] = [Array("<html>Too many requests</html>".utf8), Array(TilePNG.solid(Self.tileColour).prefix(60)), TilePNG.claimingHugeSize(), []]
        let tiles = MapTiles(images: Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, broken[$0 % broken.count]) }),
                             attribution: "© OpenStreetMap contributors")
        let image = try DecodedPNG(try RunCard.render(summary, units: .metric, map: tiles))
        let panel = CardPlan(summary, units: .metric).map
        #expect(image.rgb(Int(panel.maxX) - 120, Int(panel.minY) + 80) == Self.panel)
        let corners = (x: Int(panel.maxX) - 300..<Int(panel.maxX) - 10, y: Int(panel.maxY) - 44..<Int(panel.maxY) - 10)
        #expect(image.count(Self.panel, x: corners.x, y: corners.y) == corners.x.count * corners.y.count, "no attribution over no map")
    }

    @Test func oneGoodTileAmongBrokenOnes_isDrawn_andTheRestStayPlain() throws {
        let summary = Fixtures.summary(route: Fixtures.lRoute())
        let panel = CardPlan(summary, units: .metric).map
        let frame = try #require(MapFrame(route: summary.route, panel: panel))
        let topLeft = try #require(frame.placements.first { $0.rect.contains(Point(x: panel.minX + 40, y: panel.minY + 40)) })
        var images = Dictionary(uniqueKeysWithValues: frame.keys.map { ($0, Array("not a png".utf8)) })
        images[topLeft.key] = TilePNG.solid(Self.tileColour)
        let image = try DecodedPNG(try RunCard.render(summary, units: .metric, map: MapTiles(images: images, attribution: "Tiles")))
        #expect(image.rgb(Int(panel.minX) + 40, Int(panel.minY) + 40) != Self.panel)
        let far = try #require(frame.placements.first { $0.key != topLeft.key && $0.rect.contains(Point(x: panel.maxX - 60, y: panel.minY + 60)) })
        #expect(image.rgb(Int(far.rect.midX), Int(panel.minY) + 60) != Self.panel, "washed, even where no tile decoded")
    }
}

extension DecodedPNG {
    /// How many pixels in the rectangle pass `test`.
    func count(where test: (RGB8) -> Bool, x: Range<Int>, y: Range<Int>) -> Int {
        var n = 0
        for yy in y { for xx in x where test(rgb(xx, yy)) { n += 1 } }
        return n
    }
}
