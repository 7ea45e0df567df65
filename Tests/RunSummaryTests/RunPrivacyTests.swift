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

    @Test func aRunFromHome_isDrawnOnlyFromPastTheZonesEdge_withinItsMargin() throws {
        let route = north(from: home, metres: 2_000)
        let privacy = RunPrivacy(zones: [PrivacyZone(center: home, radiusMeters: 250)], hideStartEndMeters: 0)
        let visible = privacy.visibleRoute(route)
        #expect(visible.pieces.count == 1)
        let first = try #require(visible.points.first)
        #expect(metres(home, first) >= 249.5 && metres(home, first) <= 375.5, "cut between the circle and its margin: \(metres(home, first)) m")
        #expect(visible.points.allSatisfy { metres(home, $0) >= 249.5 }, "no drawn point inside the zone")
        let drawnFrom = Int((metres(home, first) / 10).rounded(.up))
        #expect(visible.hiddenPoints == drawnFrom, "the points before the cut, every 10 m")
        #expect(privacy.visibleRoute(route) == visible, "one run is always cut the same way")
    }

    /// Issue 48, item 20: cut exactly on the zone's circle, a few runs' cuts give the centre away. Each run's cut lies
    /// elsewhere between the circle and its margin, and its centre moves, so no one circle fits them.
    @Test func runsFromHome_areCutAtDifferentDistances_noneInsideTheZone() throws {
        let privacy = RunPrivacy(zones: [PrivacyZone(center: home, radiusMeters: 200)], hideStartEndMeters: 0)
        var cuts: [Double] = []
        for run in 0..<20 {
            // The same street north, each run a few metres to the east of the last.
            let start = Coordinate(latitude: home.latitude, longitude: home.longitude + Double(run) * 2 / (Self.metresPerDegree * cos(home.latitude * .pi / 180)))
            let visible = privacy.visibleRoute(north(from: start, metres: 1_500))
            let first = try #require(visible.points.first)
            #expect(metres(home, first) >= 199.5 && metres(home, first) <= 300.5, "\(metres(home, first)) m")
            cuts.append(metres(home, first))
        }
        let spread = (cuts.max() ?? 0) - (cuts.min() ?? 0)
        #expect(spread > 30, "the cuts lie \(spread) m apart at most: \(cuts.map { Int($0) })")
    }

    /// A start or finish marker at a cut would point at what the cut hides: the route says where its ends are real.
    @Test func theEnds_areShownOnlyWhereTheRunReallyBeganOrEnded() {
        let route = north(from: home, metres: 2_000)
        let zoned = RunPrivacy(zones: [PrivacyZone(center: home, radiusMeters: 250)], hideStartEndMeters: 0).visibleRoute(route)
        #expect(!zoned.showsStart && zoned.showsFinish)
        let trimmed = RunPrivacy().visibleRoute(route)
        #expect(!trimmed.showsStart && !trimmed.showsFinish)
        let open = RunPrivacy.none.visibleRoute(route)
        #expect(open.showsStart && open.showsFinish)
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
