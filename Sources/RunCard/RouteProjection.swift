import Foundation
import RunSummary

/// Turns a route's latitudes and longitudes into card pixels.
///
/// Web Mercator (``WebMercator``), the projection of map tiles, so a route drawn over a map lines up with its streets;
/// over the few kilometres of a run it keeps shapes as a local projection would. The result is scaled to fit the box
/// with the aspect ratio kept, and centred.
struct RouteProjection: Sendable {
    let box: Rect
    /// Card pixels per unit of the world square.
    let scale: Double
    /// The first point's world x: longitudes are taken relative to it, wrapped to half a world either way, so a run
    /// across the antimeridian is not stretched round the world.
    private let referenceX: Double
    private let originX: Double, originY: Double
    private let offsetX: Double, offsetY: Double

    /// - Parameter maximumScale: the most pixels per world unit: a route shorter than the map's deepest zoom can show
    ///   is drawn at that zoom's size rather than blown up (and a route that never moved gets that scale, not none).
    init?(route: [Coordinate], box: Rect, maximumScale: Double = .infinity) {
        guard let first = route.first else { return nil }
        self.box = box
        referenceX = WebMercator.world(first).x
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for c in route {
            let (x, y) = Self.plane(c, referenceX: referenceX)
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        let spanX = maxX - minX, spanY = maxY - minY
        // A route that never moved (one point, or a watch left on a bench) is drawn at the centre.
        let fit = min(spanX > 0 ? box.width / spanX : .infinity, spanY > 0 ? box.height / spanY : .infinity)
        scale = fit.isFinite ? min(fit, maximumScale) : (maximumScale.isFinite ? maximumScale : 0)
        originX = minX; originY = minY
        offsetX = box.x + (box.width - spanX * scale) / 2
        offsetY = box.y + (box.height - spanY * scale) / 2
    }

    func point(_ c: Coordinate) -> Point {
        let (x, y) = Self.plane(c, referenceX: referenceX)
        return Point(x: offsetX + (x - originX) * scale, y: offsetY + (y - originY) * scale)
    }

    /// The card pixel of a point of the world square, not wrapped: for a tile's corner, which may lie a world away.
    func point(worldX x: Double, worldY y: Double) -> Point {
        Point(x: offsetX + (x - referenceX - originX) * scale, y: offsetY + (y - originY) * scale)
    }

    /// The point of the world square under a card pixel (its x not wrapped into 0...1). Needs a scale.
    func world(_ p: Point) -> (x: Double, y: Double) {
        ((p.x - offsetX) / scale + originX + referenceX, (p.y - offsetY) / scale + originY)
    }

    /// The world square's point, its x relative to the reference and wrapped to ±½.
    private static func plane(_ c: Coordinate, referenceX: Double) -> (Double, Double) {
        let (x, y) = WebMercator.world(c)
        var dx = x - referenceX
        if dx > 0.5 { dx -= 1 } else if dx < -0.5 { dx += 1 }
        return (dx, y)
    }
}
