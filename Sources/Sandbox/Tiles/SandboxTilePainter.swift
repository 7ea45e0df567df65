import CCairo
import Foundation

/// The sandbox's map tiles: a made-up town drawn for any slippy-map tile, so run cards are drawn over a map offline.
///
/// Everything is placed in the world square's own coordinates (Web Mercator, 0...1 each way), never in the tile's, so
/// neighbouring tiles join up and a tile drawn twice is the same: a pale land, a grid of streets whose lines wander a
/// little (from a hash of their number), wider avenues every fourth street and a main road every 32nd, parks in some
/// blocks, and a river every few kilometres. Detail appears as the zoom deepens, as on a real map.
enum SandboxTilePainter {
    static let size = 256

    /// The side of a block between streets, in world units (about 150 m at the equator, 95 m at 50° N).
    static let street = 1.0 / Double(1 << 18)

    static let land = (0.949, 0.937, 0.914)
    static let park = (0.784, 0.980, 0.800)
    static let water = (0.667, 0.827, 0.875)
    static let casing = (0.800, 0.780, 0.760)
    static let minor = (1.0, 1.0, 1.0)
    static let avenue = (0.969, 0.980, 0.749)
    static let mainRoad = (0.988, 0.839, 0.643)

    /// The tile's PNG, or nil when z/x/y names no tile (zoom beyond 0...19, or x or y beyond the 2^z tiles).
    static func png(z: Int, x: Int, y: Int) -> [UInt8]? {
        guard (0...19).contains(z), (0..<(1 << z)).contains(x), (0..<(1 << z)).contains(y) else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size), Int32(size)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        let view = TileView(z: z, x: x, y: y)
        fill(cr, land)
        cairo_paint(cr)
        drawParks(cr, view)
        drawRivers(cr, view)
        drawStreets(cr, view)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return encode(surface)
    }

    /// Some blocks of four streets by four are parks, inset from their streets.
    private static func drawParks(_ cr: OpaquePointer, _ view: TileView) {
        let block = street * 4
        guard view.pixels(block) >= 24 else { return }
        for i in view.indices(every: block, alongX: true) {
            for j in view.indices(every: block, alongX: false) where mix(i, j, 11) % 7 == 0 {
                let inset = street * 0.3
                let a = view.point(Double(i) * block + inset, Double(j) * block + inset)
                let b = view.point(Double(i + 1) * block - inset, Double(j + 1) * block - inset)
                cairo_rectangle(cr, a.x, a.y, b.x - a.x, b.y - a.y)
            }
        }
        fill(cr, park)
        cairo_fill(cr)
    }

    /// A river every 64 blocks north to south, winding east to west.
    private static func drawRivers(_ cr: OpaquePointer, _ view: TileView) {
        let spacing = street * 64, amplitude = street * 9, width = street * 1.4
        guard view.pixels(width) >= 1.5 else { return }
        for k in view.indices(every: spacing, alongX: false, margin: amplitude + width) {
            let phase = Double(mix(k, 0, 5) % 628) / 100
            cairo_new_path(cr)
            for step in -2...(size / 4 + 2) {
                let wx = view.worldX(Double(step * 4))
                let wy = (Double(k) + 0.5) * spacing + amplitude * sin(wx / (street * 23) + phase) + amplitude * 0.4 * sin(wx / (street * 7))
                let p = view.point(wx, wy)
                step == -2 ? cairo_move_to(cr, p.x, p.y) : cairo_line_to(cr, p.x, p.y)
            }
            fill(cr, water)
            cairo_set_line_width(cr, view.pixels(width))
            cairo_stroke(cr)
        }
    }

    /// The streets in three ranks, the wider over the narrower, each on a darker casing.
    private static func drawStreets(_ cr: OpaquePointer, _ view: TileView) {
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        for (every, width, colour) in [(1, 0.16, minor), (4, 0.26, avenue), (32, 0.36, mainRoad)] {
            let spacing = street * Double(every)
            let pixels = max(view.pixels(street * width), every == 32 ? 3 : every == 4 ? 2 : 1.5)
            guard view.pixels(spacing) >= 10 else { continue }
            for pass in [(casing, pixels + 2), (colour, pixels)] {
                for alongX in [true, false] {
                    for i in view.indices(every: spacing, alongX: alongX, margin: street) {
                        line(cr, view, index: i, spacing: spacing, alongX: alongX)
                    }
                }
                fill(cr, pass.0)
                cairo_set_line_width(cr, pass.1)
                cairo_stroke(cr)
            }
        }
    }

    /// A street across the tile: north to south when `alongX` (at its x), else west to east. It wanders a little either
    /// side of the grid, by a hash of its number, along a curve of the world's coordinates (so the same in every tile it
    /// crosses): the town is not ruled paper.
    private static func line(_ cr: OpaquePointer, _ view: TileView, index i: Int, spacing: Double, alongX: Bool) {
        let lean = (Double(mix(i, alongX ? 1 : 2, 3) % 100) / 100 - 0.5) * street * 0.5
        let base = Double(i) * spacing, period = street * 16
        for step in 0...18 {
            let along = alongX ? view.worldY(Double(step * 16 - 16)) : view.worldX(Double(step * 16 - 16))
            let across = base + lean * sin(along / period * 2 * .pi)
            let p = alongX ? view.point(across, along) : view.point(along, across)
            step == 0 ? cairo_move_to(cr, p.x, p.y) : cairo_line_to(cr, p.x, p.y)
        }
    }

    private static func fill(_ cr: OpaquePointer, _ colour: (Double, Double, Double)) {
        cairo_set_source_rgb(cr, colour.0, colour.1, colour.2)
    }

    /// A well-mixed number from a grid position, the same on every run.
    static func mix(_ a: Int, _ b: Int, _ salt: UInt64) -> UInt64 {
        var z = UInt64(bitPattern: Int64(a)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(b)) &* 0xC2B2_AE3D_27D4_EB4F ^ salt
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The surface as PNG bytes, through cairo's stream writer.
    private static func encode(_ surface: OpaquePointer) -> [UInt8]? {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        return status == CAIRO_STATUS_SUCCESS ? sink.bytes : nil
    }
}

/// One tile's window on the world square: world units to the tile's pixels and back.
struct TileView {
    let z: Int, x: Int, y: Int
    /// Tile pixels per world unit.
    var scale: Double { Double(SandboxTilePainter.size) * Double(1 << z) }

    func point(_ wx: Double, _ wy: Double) -> (x: Double, y: Double) {
        (wx * scale - Double(x * SandboxTilePainter.size), wy * scale - Double(y * SandboxTilePainter.size))
    }

    func worldX(_ px: Double) -> Double { (px + Double(x * SandboxTilePainter.size)) / scale }
    func worldY(_ py: Double) -> Double { (py + Double(y * SandboxTilePainter.size)) / scale }
    func pixels(_ world: Double) -> Double { world * scale }

    /// The numbers of the grid lines (or cells) `every` world units apart that touch the tile, `margin` around it.
    func indices(every spacing: Double, alongX: Bool, margin: Double = 0) -> ClosedRange<Int> {
        let low = (alongX ? worldX(0) : worldY(0)) - margin
        let high = (alongX ? worldX(Double(SandboxTilePainter.size)) : worldY(Double(SandboxTilePainter.size))) + margin
        return Int((low / spacing).rounded(.down))...Int((high / spacing).rounded(.down))
    }
}
