/// One map tile as slippy-map servers name it: `{z}/{x}/{y}`, zoom first, then the column from the west and the row
/// from the north (https://wiki.openstreetmap.org/wiki/Slippy_map_tilenames).
public struct TileKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var z: Int
    public var x: Int
    public var y: Int

    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    /// Whether the tile exists: zoom 0 to ``maximumZoom``, x and y within the 2^z tiles of that zoom.
    public var isValid: Bool {
        (0...Self.maximumZoom).contains(z) && (0..<(1 << z)).contains(x) && (0..<(1 << z)).contains(y)
    }

    /// The deepest zoom OpenStreetMap's tile servers draw.
    public static let maximumZoom = 19

    /// `z/x/y`, as in a tile's URL.
    public var description: String { "\(z)/\(x)/\(y)" }

    public static func < (a: TileKey, b: TileKey) -> Bool { (a.z, a.y, a.x) < (b.z, b.y, b.x) }
}

/// The tiles fetched for one card, as PNG bytes, and the line the tile server's licence requires on the map.
///
/// A tile missing from `images`, or one that does not decode, is left as the panel's background.
public struct MapTiles: Sendable {
    public var images: [TileKey: [UInt8]]
    /// Drawn small in the map's bottom-right corner, whenever a tile is drawn: "© OpenStreetMap contributors".
    public var attribution: String

    public init(images: [TileKey: [UInt8]], attribution: String) {
        self.images = images
        self.attribution = attribution
    }
}
