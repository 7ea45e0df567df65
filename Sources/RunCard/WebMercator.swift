import Foundation
import RunSummary

/// Web Mercator (EPSG:3857), the projection of the web's map tiles: a coordinate as a point of the world square, x from
/// 0 at 180° W to 1 at 180° E, y from 0 at the top (about 85.05° N) to 1 at the bottom.
///
/// At zoom z the square is cut into 2^z × 2^z tiles of 256 pixels, numbered from the top left as OpenStreetMap's
/// slippy maps number them (https://wiki.openstreetmap.org/wiki/Slippy_map_tilenames): tile x is `floor(x · 2^z)`, y
/// `floor(y · 2^z)`.
enum WebMercator {
    /// The square's edge: Web Mercator stops where it is as tall as it is wide.
    static let maximumLatitude = 85.051_128_779_806_59
    /// The pixels of one tile's side, as tile servers draw them.
    static let tileSize = 256.0

    /// Where the coordinate is on the world square; latitudes beyond the square's edge are held at it.
    static func world(_ c: Coordinate) -> (x: Double, y: Double) {
        let latitude = min(max(c.latitude, -maximumLatitude), maximumLatitude) * .pi / 180
        let x = (c.longitude + 180) / 360
        let y = (1 - asinh(tan(latitude)) / .pi) / 2
        return (x, y)
    }

    /// The tile holding the coordinate at `zoom`.
    static func tile(_ c: Coordinate, zoom: Int) -> TileKey {
        let (x, y) = world(c)
        let n = 1 << zoom
        return TileKey(z: zoom, x: min(max(Int((x * Double(n)).rounded(.down)), 0), n - 1), y: min(max(Int((y * Double(n)).rounded(.down)), 0), n - 1))
    }
}
