import Foundation
import RunSummary
import Testing

@testable import RunCard

/// A run from home, drawn with a privacy zone there: from the renderer's own geometry, no drawn point comes within the
/// zone; in the pixels, the zone (less the start marker's ring at its edge) is plain panel; the JPEG has no metadata
/// beyond JFIF's, so no GPS position; and a run wholly inside a zone gets no route at all.
@Suite struct PrivacyCardTests {
    static let home = Coordinate(latitude: 51.5, longitude: -0.12)
    static let zone = PrivacyZone(center: home, radiusMeters: 250)

    /// From 1 km south of the front door, 4 km north past it, then 1 km east: the zone lies within the drawn route.
    static func fromHome() -> RunSummary {
        let north = (-100...300).map { Fixtures.offset(home, east: 0, north: Double($0) * 10) }
        let east = (1...100).map { Fixtures.offset(home, east: Double($0) * 10, north: 3_000) }
        return Fixtures.summary(route: north + east)
    }

    @Test func aRunFromHome_drawsNothingInsideTheZone() throws {
        let summary = Self.fromHome()
        let privacy = RunPrivacy(zones: [Self.zone])
        let panel = CardPlan(summary, units: .metric).map
        let visible = privacy.visibleRoute(summary.route)
        let pieces = try #require(MapPanel.geometry(visible, in: panel))
        let projection = try #require(RouteProjection(route: visible.points, box: CardLayout.routeBox(in: panel)))
        let centre = projection.point(Self.home)
        let edge = projection.point(Fixtures.offset(Self.home, east: 0, north: 250))
        let radius = hypot(edge.x - centre.x, edge.y - centre.y)
        #expect(radius > 20, "the zone is \(radius) px across on this card")
        let nearest = pieces.flatMap { $0 }.map { hypot($0.x - centre.x, $0.y - centre.y) }.min() ?? 0
        #expect(nearest >= radius - 0.5, "the drawn route comes no nearer home than the zone's edge: \(nearest) px against \(radius) px")

        let image = try DecodedPNG(try RunCard.render(summary, units: .metric, privacy: privacy))
        let panelColour = RGB8(Palette.panel.bytes)
        // Within the zone, less half the line's width where it stops (no marker is drawn at a cut), and inside the map's
        // panel (the zone may reach past it, to the figures): every pixel is the panel's.
        let clear = radius - CardLayout.routeCasingWidth / 2 - 2
        let inner = panel.inset(by: 4)
        var drawn = 0, looked = 0
        for y in Int(centre.y - clear)...Int(centre.y + clear) {
            for x in Int(centre.x - clear)...Int(centre.x + clear) where hypot(Double(x) - centre.x, Double(y) - centre.y) < clear {
                guard Double(x) > inner.minX, Double(y) > inner.minY, Double(x) < inner.maxX, Double(y) < inner.maxY else { continue }
                looked += 1
                if image.rgb(x, y) != panelColour { drawn += 1 }
            }
        }
        #expect(looked > 1_000, "the zone lies on the panel: \(looked) pixels looked at")
        #expect(drawn == 0, "\(drawn) drawn pixels within \(clear) px of home")
    }

    /// Issue 48, item 20: a run that starts at home shows no start marker, which would sit at the cut and point at home.
    @Test func aRunStartingInAZone_hasNoStartMarker() throws {
        let route = (0...300).map { Fixtures.offset(Self.home, east: 0, north: Double($0) * 10) }
        let panel = CardLayout.mapPanel
        let start = RGB8(Palette.start.bytes)
        let zoned = try DecodedPNG(try RunCard.render(Fixtures.summary(route: route), units: .metric, privacy: RunPrivacy(zones: [Self.zone], hideStartEndMeters: 0)))
        #expect(zoned.count(start, x: Int(panel.minX)..<Int(panel.maxX), y: Int(panel.minY)..<Int(panel.maxY)) == 0)
        let open = try DecodedPNG(try RunCard.render(Fixtures.summary(route: route), units: .metric))
        #expect(open.count(start, x: Int(panel.minX)..<Int(panel.maxX), y: Int(panel.minY)..<Int(panel.maxY)) > 100, "drawn where nothing is hidden")
    }

    @Test func aRunWhollyInsideAZone_hasNoRoute_andSaysSo() throws {
        let summary = Self.fromHome()
        let privacy = RunPrivacy(zones: [PrivacyZone(center: Self.home, radiusMeters: 10_000)])
        let image = try DecodedPNG(try RunCard.render(summary, units: .metric, privacy: privacy))
        let panel = CardLayout.mapPanel
        #expect(image.count(RGB8(Palette.accent.bytes), x: Int(panel.minX)..<Int(panel.maxX), y: Int(panel.minY)..<Int(panel.maxY)) == 0)
        #expect(image.count(RGB8(Palette.start.bytes), x: Int(panel.minX)..<Int(panel.maxX), y: Int(panel.minY)..<Int(panel.maxY)) == 0)
        #expect(RunCard.mapTiles(for: summary, units: .metric, privacy: privacy).isEmpty, "no tiles are fetched round a private route either")
    }

    @Test func theJPEG_carriesNoMetadataButJFIF() throws {
        let bytes = try RunCard.render(Self.fromHome(), units: .metric, format: .jpeg, privacy: RunPrivacy(zones: [Self.zone]))
        var index = 2
        var markers: [UInt8] = []
        while index + 4 < bytes.count, bytes[index] == 0xFF, bytes[index + 1] != 0xDA {
            markers.append(bytes[index + 1])
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        #expect(markers.contains(0xE0), "JFIF's APP0")
        #expect(!markers.contains { (0xE1...0xEF).contains($0) }, "no APP1 (Exif, where GPS tags live) nor any other application segment: \(markers)")
        #expect(!markers.contains(0xFE), "no comment segment")
        #expect(bytes.firstRange(of: Array("Exif".utf8)) == nil && bytes.firstRange(of: Array("GPS".utf8)) == nil)
    }
}
