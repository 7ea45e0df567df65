import CCairo
import Foundation
import RunSummary

/// The middle of the card: a rounded panel with the route trace and its start and finish (over a map when the card is
/// given its tiles), or, for a treadmill run (no positions), a treadmill drawing and "Treadmill run".
enum MapPanel {
    /// With `tiles`, the route goes over a map (``MapFrame``, ``TileLayer``) and the tiles' attribution over both.
    /// `route` is what the privacy rules leave of it (``RunPrivacy/visibleRoute(_:)``), framed on its own so the panel's
    /// edges say nothing of what was cut; `hadRoute` tells a run whose whole route is private (no map, and words saying
    /// so) from a treadmill run.
    static func draw(_ route: VisibleRoute, hadRoute: Bool, in panel: Rect, tiles: MapTiles? = nil, on canvas: Canvas) {
        Panels.background(panel, on: canvas)
        if let tiles, let frame = MapFrame(route: route.points, panel: panel) {
            let drawn = TileLayer.draw(frame, tiles, in: panel, on: canvas)
            if drawn > 0 { Panels.edge(panel, on: canvas) }
            drawRoute(route.pieces.map { $0.map(frame.projection.point) }, ends: route, on: canvas)
            if drawn > 0 { TileLayer.drawAttribution(tiles.attribution, in: panel, on: canvas) }
        } else if let pieces = geometry(route, in: panel) {
            drawRoute(pieces, ends: route, on: canvas)
        } else if hadRoute {
            drawPrivate(in: panel, on: canvas)
        } else {
            drawTreadmill(in: panel, on: canvas)
        }
    }

    /// The pieces of the route in card pixels, on a card without a map: what ``draw(_:hadRoute:in:tiles:on:)`` strokes,
    /// for the tests to hold against the privacy zones.
    static func geometry(_ route: VisibleRoute, in panel: Rect) -> [[Point]]? {
        guard let projection = RouteProjection(route: route.points, box: CardLayout.routeBox(in: panel)) else { return nil }
        return route.pieces.map { $0.map(projection.point) }
    }

    /// Each piece's trace, on a dark casing, then the start (green) and the finish (chequered) markers at the ends of
    /// what is drawn, each only where the run really began or ended (`ends`): at a privacy cut it would point at home.
    private static func drawRoute(_ pieces: [[Point]], ends: VisibleRoute, on canvas: Canvas) {
        for points in pieces {
            canvas.polyline(points)
            canvas.strokePath(Palette.casing, width: CardLayout.routeCasingWidth, alpha: 0.85)
        }
        for points in pieces {
            canvas.polyline(points)
            canvas.strokePath(Palette.accent, width: CardLayout.routeWidth)
        }
        let points = pieces.flatMap { $0 }
        switch (ends.showsStart, ends.showsFinish) {
        case (true, true):
            guard let markers = markers(points) else { return }
            drawStart(at: markers.start, radius: CardLayout.markerRadius, on: canvas)
            drawFinish(at: markers.finish, radius: markers.finishRadius, on: canvas)
        case (true, false):
            if let start = points.first { drawStart(at: start, radius: CardLayout.markerRadius, on: canvas) }
        case (false, true):
            if let finish = points.last { drawFinish(at: finish, radius: CardLayout.markerRadius, on: canvas) }
        case (false, false):
            break
        }
    }

    /// Where the start and finish markers go. Normally on the route's ends; but on a loop, where the
    /// ends meet, one would hide the other, so the finish is drawn smaller beside the start like a badge,
    /// on whichever of eight sides is clearest of the route.
    static func markers(_ points: [Point]) -> (start: Point, finish: Point, finishRadius: Double)? {
        guard let start = points.first, let finish = points.last else { return nil }
        let r = CardLayout.markerRadius
        guard hypot(start.x - finish.x, start.y - finish.y) < r * 1.5 else { return (start, finish, r) }
        let offset = r * 1.5
        let sides = (0..<8).map { i -> Point in
            let a = Double(i) * .pi / 4 - .pi / 4
            return Point(x: start.x + offset * cos(a), y: start.y + offset * sin(a))
        }
        // Sides facing away from the route are all equally clear of it near the start; among them,
        // prefer the one furthest from where the route leaves and where it comes back.
        let leaving = points.first { hypot($0.x - start.x, $0.y - start.y) > 3 * r } ?? start
        let arriving = points.last { hypot($0.x - start.x, $0.y - start.y) > 3 * r } ?? start
        func score(_ p: Point) -> Double {
            clearance(p, points) + 0.01 * (hypot(p.x - leaving.x, p.y - leaving.y) + hypot(p.x - arriving.x, p.y - arriving.y))
        }
        let clearest = sides.max { score($0) < score($1) }!
        return (start, clearest, r * 0.75)
    }

    /// Distance from a point to the nearest segment of the polyline.
    private static func clearance(_ p: Point, _ points: [Point]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            let length2 = dx * dx + dy * dy
            let t = length2 == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2))
            best = min(best, hypot(a.x + t * dx - p.x, a.y + t * dy - p.y))
        }
        return best
    }

    private static func drawStart(at p: Point, radius: Double, on canvas: Canvas) {
        canvas.circle(p, radius: radius + 4)
        canvas.fillPath(Palette.markerRing)
        canvas.circle(p, radius: radius)
        canvas.fillPath(Palette.start)
    }

    /// A chequered flag's pattern in a white-ringed circle.
    private static func drawFinish(at p: Point, radius r: Double, on canvas: Canvas) {
        canvas.circle(p, radius: r + 4)
        canvas.fillPath(Palette.markerRing)
        let cr = canvas.cr
        cairo_save(cr)
        canvas.circle(p, radius: r)
        cairo_clip(cr)
        canvas.fill(Palette.finishLight)
        let n = 4, cell = 2 * r / Double(n)
        for row in 0..<n {
            for col in 0..<n where (row + col) % 2 == 0 {
                cairo_rectangle(cr, p.x - r + Double(col) * cell, p.y - r + Double(row) * cell, cell, cell)
            }
        }
        canvas.fillPath(Palette.finishDark)
        cairo_restore(cr)
    }

    /// A run whose whole route lies in a privacy zone (or is shorter than the hidden start and end): the figures still
    /// count it, the panel says why there is no map.
    private static func drawPrivate(in box: Rect, on canvas: Canvas) {
        canvas.font(size: 52, bold: true)
        let title = "Route kept private"
        canvas.text(title, at: Point(x: box.midX - canvas.advance(title) / 2, y: box.midY), colour: Palette.title)
        canvas.font(size: 30, bold: false)
        let note = "Inside a privacy zone"
        canvas.text(note, at: Point(x: box.midX - canvas.advance(note) / 2, y: box.midY + 50), colour: Palette.muted)
    }

    /// A side view of a treadmill in line strokes (belt, rollers, upright, handlebar) and the words
    /// "Treadmill run", centred in the panel: the card still says what kind of run it was.
    private static func drawTreadmill(in box: Rect, on canvas: Canvas) {
        let cx = box.midX, cy = box.midY - 40
        let cr = canvas.cr
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)

        // Belt: a long, flat rounded shape, with its rollers.
        let belt = Rect(x: cx - 190, y: cy + 60, width: 360, height: 44)
        canvas.roundedRect(belt, radius: 22)
        canvas.strokePath(Palette.placeholder, width: 10)
        canvas.circle(Point(x: belt.minX + 22, y: belt.midY), radius: 9)
        canvas.fillPath(Palette.placeholder)
        canvas.circle(Point(x: belt.maxX - 22, y: belt.midY), radius: 9)
        canvas.fillPath(Palette.placeholder)
        // Upright from the front of the belt, leaning forward, with the console and handlebar.
        cairo_new_path(cr)
        cairo_move_to(cr, belt.maxX - 30, belt.minY)
        cairo_line_to(cr, belt.maxX + 10, cy - 120)
        canvas.strokePath(Palette.placeholder, width: 10)
        cairo_new_path(cr)
        cairo_move_to(cr, belt.maxX + 10, cy - 120)
        cairo_line_to(cr, belt.maxX - 70, cy - 120)
        canvas.strokePath(Palette.placeholder, width: 10)
        canvas.roundedRect(Rect(x: belt.maxX - 20, y: cy - 150, width: 56, height: 34), radius: 8)
        canvas.fillPath(Palette.placeholder)

        canvas.font(size: 52, bold: true)
        let title = "Treadmill run"
        canvas.text(title, at: Point(x: cx - canvas.advance(title) / 2, y: belt.maxY + 110), colour: Palette.title)
        canvas.font(size: 30, bold: false)
        let note = "Indoors, no route recorded"
        canvas.text(note, at: Point(x: cx - canvas.advance(note) / 2, y: belt.maxY + 160), colour: Palette.muted)
    }
}
