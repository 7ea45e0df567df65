import Foundation
import Testing
@testable import RunSummary

/// What of a route is never drawn: the first and last metres, and every privacy zone, cut exactly at their edges.
@Suite struct RunPrivacyTests {
    let home = Coordinate(latitude: 48.85, longitude: 2.35)
    static let metresPerDegree = 6_371_008.8 * Double.pi / 180

    /// A straight line north from `origin`, a point every 10 m.
    func north(from origin: Coordinate, metres: Int) -> [Coordinate] {
        stride(from: 0, through: metres, by: 10).map { Coordinate(latitude: origin.latitude + Double($0) / Self.metresPerDegree, longitude: origin.longitude) }
    }

    func metres(_ a: Coordinate, _ b: Coordinate) -> Double { Haversine.distance(a, b) }

    @Test func aRunFromHome_isDrawnOnlyFromTheZonesEdge() throws {
        let route = north(from: home, metres: 2_000)
        let privacy = RunPrivacy(zones: [PrivacyZone(center: home, radiusMeters: 250)], hideStartEndMeters: 0)
        let visible = privacy.visibleRoute(route)
        #expect(visible.pieces.count == 1)
        let first = try #require(visible.points.first)
        #expect(abs(metres(home, first) - 250) < 0.5, "cut at the circle: \(metres(home, first)) m")
        #expect(visible.points.allSatisfy { metres(home, $0) >= 249.5 }, "no drawn point inside the zone")
        #expect(visible.hiddenPoints == 26, "the points 0 to 250 m from home, the edge included")
    }

    @Test func aRunThroughAZone_isTwoPieces_andOneWhollyInsideIsNone() {
        let start = Coordinate(latitude: home.latitude - 1_000 / Self.metresPerDegree, longitude: home.longitude)
        let through = RunPrivacy(zones: [PrivacyZone(center: home, radiusMeters: 200)], hideStartEndMeters: 0).visibleRoute(north(from: start, metres: 2_000))
        #expect(through.pieces.count == 2 && through.points.allSatisfy { metres(home, $0) >= 199.5 })
        let inside = RunPrivacy(zones: [PrivacyZone(center: home, radiusMeters: 5_000)]).visibleRoute(north(from: home, metres: 2_000))
        #expect(inside.isEmpty && inside.hiddenPoints == 201)
    }

    @Test func theFirstAndLastMetres_areHidden_wherever_theRunStarted() throws {
        let route = north(from: home, metres: 3_000)
        let visible = RunPrivacy().visibleRoute(route)
        let first = try #require(visible.points.first), last = try #require(visible.points.last)
        #expect(abs(metres(route[0], first) - 200) < 0.5 && abs(metres(route[route.count - 1], last) - 200) < 0.5)
        #expect(visible.hiddenPoints == 40, "20 points at each end (0-190 m and 2,810-3,000 m)")
        #expect(RunPrivacy().visibleRoute(north(from: home, metres: 350)).isEmpty, "a run shorter than both ends together shows no route")
        #expect(RunPrivacy.none.visibleRoute(route) == VisibleRoute(pieces: [route], hiddenPoints: 0))
    }
}
