import Foundation
import RunSummary

/// Turns a route's latitudes and longitudes into card pixels.
///
/// Equirectangular: x is longitude scaled by the cosine of the route's mean latitude, y is latitude
/// (flipped, since the card's y runs down). For the few kilometres of a run this is indistinguishable
/// from a proper map projection and needs no library. The result is scaled to fit the box with the
/// aspect ratio kept, and centred.
struct RouteProjection: Sendable {
    let box: Rect
    private let originX: Double, originY: Double
    private let scale: Double
    private let offsetX: Double, offsetY: Double
    private let cosLat: Double
    private let referenceLongitude: Double

    init?(route: [Coordinate], box: Rect) {
        guard let first = route.first else { return nil }
        self.box = box
        referenceLongitude = first.longitude
        let meanLat = route.reduce(0) { $0 + $1.latitude } / Double(route.count)
        cosLat = max(cos(meanLat * .pi / 180), 0.01)

        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for c in route {
            let (x, y) = Self.plane(c, cosLat: cosLat, referenceLongitude: referenceLongitude)
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        let spanX = maxX - minX, spanY = maxY - minY
        // A route that never moved (one point, or a watch left on a bench) is drawn at the centre.
        let fit = min(spanX > 0 ? box.width / spanX : .infinity, spanY > 0 ? box.height / spanY : .infinity)
        scale = fit.isFinite ? fit : 0
        originX = minX; originY = minY
        offsetX = box.x + (box.width - spanX * scale) / 2
        offsetY = box.y + (box.height - spanY * scale) / 2
    }

    func point(_ c: Coordinate) -> Point {
        let (x, y) = Self.plane(c, cosLat: cosLat, referenceLongitude: referenceLongitude)
        return Point(x: offsetX + (x - originX) * scale, y: offsetY + (y - originY) * scale)
    }

    /// Degrees on a plane: y is negated latitude so north is up. Longitudes are taken relative to the
    /// first point's, wrapped to ±180, so a run across the antimeridian is not stretched round the world.
    private static func plane(_ c: Coordinate, cosLat: Double, referenceLongitude: Double) -> (Double, Double) {
        var dLon = c.longitude - referenceLongitude
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        return (dLon * cosLat, -c.latitude)
    }
}
