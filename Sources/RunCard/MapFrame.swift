import Foundation
import RunSummary

/// Where a map goes under the route in one panel: the route's projection, the tile zoom, and each tile's square.
///
/// The route fits the panel's route box as on a card without a map (``RouteProjection``); the tiles cover the whole
/// panel at the zoom that draws them between 1× and 2× their pixels (256 to 512 card pixels a side), so their text
/// stays readable and a panel takes 4 to 25 tiles (the largest panel at the worst offset; usually 9 to 16). A route
/// too small for zoom 19, OpenStreetMap's deepest, is drawn at zoom 19's 2× and no larger; a route of one point sits
/// in the middle of about a hundred metres of streets.
///
/// Built from the coordinates that are drawn, and nothing else, so the tiles fetched are the tiles under them.
struct MapFrame: Sendable {
    /// One tile's place on the card. The same tile may sit twice when the world is narrower than the panel.
    struct Placement: Equatable, Sendable {
        var key: TileKey
        var rect: Rect
    }

    let projection: RouteProjection
    let zoom: Int
    /// How many card pixels a tile's side takes: 256 to 512 (more only at the deepest zoom).
    let tileSide: Double
    let placements: [Placement]

    /// The largest scale, in card pixels per world unit: zoom 19's tiles at 2×.
    static let maximumScale = WebMercator.tileSize * Double(1 << (TileKey.maximumZoom + 1))
    /// More tiles than a card's largest panel can show at 256 pixels a side.
    static let maximumTiles = 36

    init?(route: [Coordinate], panel: Rect) {
        guard let projection = RouteProjection(route: route, box: CardLayout.routeBox(in: panel), maximumScale: Self.maximumScale),
              projection.scale > 0 else { return nil }
        self.projection = projection
        zoom = Self.zoom(scale: projection.scale)
        tileSide = projection.scale / Double(1 << zoom)
        placements = Self.placements(projection: projection, zoom: zoom, panel: panel)
    }

    /// The tiles to fetch, each once, in row order.
    var keys: [TileKey] { Array(Set(placements.map(\.key))).sorted() }

    /// The zoom whose tiles, drawn at `scale`, take 256 to 512 pixels: `floor(log2(scale / 256))`, within 0...19.
    static func zoom(scale: Double) -> Int {
        let exact = log2(scale / WebMercator.tileSize)
        guard exact.isFinite else { return 0 }
        return min(max(Int(exact.rounded(.down)), 0), TileKey.maximumZoom)
    }

    /// Every tile that shows in the panel, with its square in card pixels. Tile edges are rounded to whole pixels, the
    /// same edge for both neighbours, so no seam shows between them.
    private static func placements(projection: RouteProjection, zoom: Int, panel: Rect) -> [Placement] {
        let n = 1 << zoom
        let topLeft = projection.world(Point(x: panel.minX, y: panel.minY))
        let bottomRight = projection.world(Point(x: panel.maxX, y: panel.maxY))
        let firstColumn = Int((topLeft.x * Double(n)).rounded(.down)), lastColumn = Int((bottomRight.x * Double(n)).rounded(.down))
        // Rows beyond the world's top and bottom have no tiles: the panel's background shows there.
        let firstRow = max(0, Int((topLeft.y * Double(n)).rounded(.down))), lastRow = min(n - 1, Int((bottomRight.y * Double(n)).rounded(.down)))
        // Tiles of at least 256 pixels cannot number more than this in a panel; more would be a broken projection.
        guard firstRow <= lastRow, firstColumn <= lastColumn, (lastRow - firstRow + 1) * (lastColumn - firstColumn + 1) <= maximumTiles else {
            return []
        }
        func corner(_ column: Int, _ row: Int) -> Point {
            let p = projection.point(worldX: Double(column) / Double(n), worldY: Double(row) / Double(n))
            return Point(x: p.x.rounded(), y: p.y.rounded())
        }
        var placements: [Placement] = []
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                let a = corner(column, row), b = corner(column + 1, row + 1)
                // The world repeats east and west, as on a web map.
                let key = TileKey(z: zoom, x: ((column % n) + n) % n, y: row)
                placements.append(Placement(key: key, rect: Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)))
            }
        }
        return placements
    }
}
