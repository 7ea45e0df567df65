import Foundation
import RunSummary
import Testing

@testable import RunCard

/// The card is a valid 1080×1350 PNG, and the route is visible in it: read back with cairo, the pixels
/// along the projected route are the route's colour and pixels well away from it are the panel's.
@Suite struct RunCardTests {
    static let accent = RGB8(Palette.accent.bytes)
    static let panel = RGB8(Palette.panel.bytes)

    @Test func cardIsA1080By1350PNG() throws {
        let bytes = try RunCard.render(Fixtures.summary(route: Fixtures.lRoute()), units: .metric)
        #expect(Array(bytes.prefix(8)) == DecodedPNG.signature)
        let header = try DecodedPNG.header(bytes)
        #expect(header.width == 1080 && header.height == 1350)
        let image = try DecodedPNG(bytes)
        #expect(image.width == RunCard.width && image.height == RunCard.height)
        // The last chunk is IEND: the stream was written to the end.
        #expect(Array(bytes.suffix(8).prefix(4)) == Array("IEND".utf8))
    }

    @Test func theJPEGForInstagramsGraphAPI_isA1080By1350JPEG() throws {
        let bytes = try RunCard.render(Fixtures.summary(route: Fixtures.lRoute()), units: .metric, format: .jpeg)
        #expect(Array(bytes.prefix(3)) == [0xFF, 0xD8, 0xFF], "a JPEG's start-of-image marker")
        #expect(Array(bytes.suffix(2)) == [0xFF, 0xD9], "written to the end-of-image marker")
        // The start-of-frame segment (baseline SOF0 or progressive SOF2) holds the height, then the width.
        var index = 2
        var size: (width: Int, height: Int)?
        while index + 9 < bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xC0 || marker == 0xC2 {
                size = (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
                break
            }
            index += 2 + length
        }
        #expect(size?.width == 1080 && size?.height == 1350)
        #expect(RunCard.Format.jpeg.contentType == "image/jpeg")
    }

    @Test func lRouteKeepsItsShapeAndFillsTheBox() throws {
        let route = Fixtures.lRoute()
        let box = CardLayout.routeBox
        let projection = try #require(RouteProjection(route: route, box: box))
        let corner = projection.point(route[100]), start = projection.point(route[0]), end = projection.point(route.last!)
        // Both legs are 1 km: scaled by cos(latitude), they are the same length on the card.
        let east = corner.x - start.x, north = corner.y - end.y
        #expect(east > 0 && north > 0)
        #expect(abs(east - north) / north < 0.005, "east leg \(east) px, north leg \(north) px")
        // A square route in a wide box: its height fills the box, and it is centred across.
        #expect(abs(north - box.height) < 0.5)
        #expect(abs((start.x + corner.x) / 2 - box.midX) < 0.5)
        #expect(abs(start.y - corner.y) < 0.001)
    }

    @Test func lRouteIsDrawnWhereItIsProjected() throws {
        try expectRouteVisible(Fixtures.lRoute())
    }

    @Test func realisticRouteIsDrawnWhereItIsProjected() throws {
        try expectRouteVisible(Fixtures.realisticRoute())
    }

    @Test func treadmillRunHasNoRouteButAPlaceholder() throws {
        let bytes = try RunCard.render(Fixtures.treadmill(), units: .metric)
        let image = try DecodedPNG(bytes)
        #expect(image.width == 1080 && image.height == 1350)
        let panel = CardLayout.mapPanel
        let xs = Int(panel.minX)..<Int(panel.maxX), ys = Int(panel.minY)..<Int(panel.maxY)
        #expect(image.count(Self.accent, x: xs, y: ys) == 0, "no route colour without a route")
        // Something is drawn in the panel (the treadmill and its words), and most of it is still panel.
        let panelPixels = image.count(Self.panel, x: xs, y: ys)
        let total = xs.count * ys.count
        #expect(panelPixels > total * 8 / 10 && panelPixels < total * 99 / 100, "\(panelPixels) of \(total)")
    }

    @Test func missingFiguresAreLeftOut() throws {
        let summary = Fixtures.bare(route: Fixtures.lRoute())
        #expect(Figure.list(summary, units: .metric).map(\.label) == ["DISTANCE", "MOVING TIME"])
        let all = Figure.list(Fixtures.summary(route: []), units: .metric).map(\.label)
        #expect(all == ["DISTANCE", "MOVING TIME", "AVG PACE", "ELEVATION GAIN", "AVG HEART RATE", "CALORIES"])
        _ = try DecodedPNG(try RunCard.render(summary, units: .metric))
        _ = try DecodedPNG(try RunCard.render(Fixtures.bare(route: []), units: .imperial))
    }

    @Test func imperialUnitsAreUsed() throws {
        let figures = Figure.list(Fixtures.summary(route: Fixtures.lRoute()), units: .imperial)
        #expect(figures.map(\.unit) == ["mi", "", "/mi", "ft", "bpm", "kcal"])
        #expect(figures.map(\.value) == ["6.23", "52:13", "8:23", "405", "152", "712"])
        let image = try DecodedPNG(try RunCard.render(Fixtures.summary(route: Fixtures.realisticRoute()), units: .imperial))
        #expect(image.width == 1080 && image.height == 1350)
    }

    @Test func oddRoutesStillRender() throws {
        let here = Coordinate(latitude: 48.85, longitude: 2.35)
        // One point; one place repeated; a straight line north; across the antimeridian; a very long title.
        let routes: [[Coordinate]] = [
            [here], Array(repeating: here, count: 50),
            (0...50).map { Fixtures.offset(here, east: 0, north: Double($0) * 20) },
            [Coordinate(latitude: -16.8, longitude: 179.99), Coordinate(latitude: -16.8, longitude: -179.99)],
        ]
        // Each shows at least its start marker (a route that never moved is only its markers).
        let start = RGB8(Palette.start.bytes)
        for route in routes {
            let image = try DecodedPNG(try RunCard.render(Fixtures.summary(route: route), units: .metric))
            let panel = CardLayout.mapPanel
            #expect(image.count(start, x: Int(panel.minX)..<Int(panel.maxX), y: Int(panel.minY)..<Int(panel.maxY)) > 100)
        }
        // Across the antimeridian the two points are 2 km apart, not the width of the world: both legs fit.
        let fiji = [Coordinate(latitude: -16.8, longitude: 179.99), Coordinate(latitude: -16.8, longitude: -179.99)]
        let p = try #require(RouteProjection(route: fiji, box: CardLayout.routeBox))
        #expect(p.point(fiji[1]).x > p.point(fiji[0]).x)
        let long = String(repeating: "Very Long Title For A Run ", count: 6)
        _ = try DecodedPNG(try RunCard.render(Fixtures.summary(route: Fixtures.lRoute(), title: long), units: .metric))
    }

    /// Writes the card for a realistic run, and a treadmill one, next to each other in the temporary
    /// directory (run-card-sample.png, -treadmill, -long-title, -bare), to be looked at; and times the drawing.
    @Test func writesSampleCardsAndTimesTheRender() throws {
        let summary = Fixtures.summary(route: Fixtures.realisticRoute())
        _ = try RunCard.render(summary, units: .metric)
        let clock = ContinuousClock()
        var bytes: [UInt8] = []
        let runs = 5
        let elapsed = try clock.measure { for _ in 0..<runs { bytes = try RunCard.render(summary, units: .metric) } }
        let each = elapsed / runs
        print("run card: \(bytes.count) bytes, \(summary.route.count) route points, \(each) per render")
        #expect(each < .seconds(2))
        let dir = FileManager.default.temporaryDirectory
        try Data(bytes).write(to: dir.appendingPathComponent("run-card-sample.png"))
        try Data(try RunCard.render(Fixtures.treadmill(), units: .imperial)).write(to: dir.appendingPathComponent("run-card-treadmill.png"))
        let long = Fixtures.summary(route: Fixtures.realisticRoute(), title: "Lunchtime Recovery Run Along The Water Of Leith With The Club")
        try Data(try RunCard.render(long, units: .imperial)).write(to: dir.appendingPathComponent("run-card-long-title.png"))
        let bare = Fixtures.bare(route: Fixtures.lRoute())
        try Data(try RunCard.render(bare, units: .metric)).write(to: dir.appendingPathComponent("run-card-bare.png"))
    }

    // MARK: -

    /// Renders the route and reads the card back: every sampled point along the projected route (away
    /// from the start and finish markers, which sit on top of it) is the route's colour, and every sampled
    /// point in the map panel well clear of the route and the markers is the panel's colour.
    private func expectRouteVisible(_ route: [Coordinate], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let image = try DecodedPNG(try RunCard.render(Fixtures.summary(route: route), units: .metric))
        let projection = try #require(RouteProjection(route: route, box: CardLayout.routeBox))
        let points = route.map(projection.point)
        let placed = try #require(MapPanel.markers(points))
        let markers = [placed.start, placed.finish]
        let markerClearance = CardLayout.markerRadius + 8

        var onRoute = 0, offRoute = 0
        var wrongOn: [String] = [], wrongOff: [String] = []
        for (a, b) in zip(points, points.dropFirst()) {
            for t in [0.0, 0.5] {
                let p = Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                if markers.contains(where: { distance(p, $0) < markerClearance }) { continue }
                onRoute += 1
                let c = image.rgb(Int(p.x), Int(p.y))
                if c != Self.accent { wrongOn.append("(\(Int(p.x)), \(Int(p.y))) is \(c)") }
            }
        }
        let panel = CardLayout.mapPanel.inset(by: CardLayout.mapCornerRadius)
        let clearance = CardLayout.routeCasingWidth / 2 + 4
        for y in stride(from: panel.minY, to: panel.maxY, by: 13) {
            for x in stride(from: panel.minX, to: panel.maxX, by: 13) {
                let p = Point(x: x + 0.5, y: y + 0.5)
                if markers.contains(where: { distance(p, $0) < markerClearance + 6 }) { continue }
                if distanceToPolyline(p, points) < clearance { continue }
                offRoute += 1
                let c = image.rgb(Int(x), Int(y))
                if c != Self.panel { wrongOff.append("(\(Int(x)), \(Int(y))) is \(c)") }
            }
        }
        #expect(onRoute > 150, "sampled \(onRoute) points on the route", sourceLocation: sourceLocation)
        #expect(offRoute > 1000, "sampled \(offRoute) points off the route", sourceLocation: sourceLocation)
        #expect(wrongOn.isEmpty, "\(wrongOn.count) of \(onRoute) route points not \(Self.accent): \(wrongOn.prefix(5))",
                sourceLocation: sourceLocation)
        #expect(wrongOff.isEmpty, "\(wrongOff.count) of \(offRoute) panel points not \(Self.panel): \(wrongOff.prefix(5))",
                sourceLocation: sourceLocation)
    }

    private func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    private func distanceToPolyline(_ p: Point, _ points: [Point]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            let len2 = dx * dx + dy * dy
            let t = len2 == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2))
            best = min(best, distance(p, Point(x: a.x + t * dx, y: a.y + t * dy)))
        }
        return best
    }
}

extension RGB8 {
    init(_ c: (r: UInt8, g: UInt8, b: UInt8)) { self.init(r: c.r, g: c.g, b: c.b) }
}
