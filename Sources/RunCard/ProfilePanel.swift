import CCairo
import Foundation
import RunSummary

/// The elevation profile under the map: height along the distance, filled in the route's colour, with the lowest and
/// highest elevations at the left and the distance marked underneath.
///
/// The vertical scale spans at least ``minimumSpan`` metres, so a flat run's few metres of GPS wobble draw as the
/// flat line it was rather than as mountains.
enum ProfilePanel {
    static let minimumSpan = 40.0

    /// Where the curve is drawn inside the panel: right of the elevation labels, above the distance labels.
    static func plotArea(in panel: Rect) -> Rect {
        Rect(x: panel.minX + 118, y: panel.minY + 66, width: panel.width - 118 - 32, height: panel.height - 66 - 48)
    }

    static func draw(_ samples: [ElevationSample], units: Units, in panel: Rect, on canvas: Canvas) {
        Panels.background(panel, on: canvas)
        canvas.font(size: 26, bold: false)
        canvas.text("ELEVATION", at: Point(x: panel.minX + 28, y: panel.minY + 40), colour: Palette.label)
        guard let first = samples.first, let last = samples.last, last.distanceMeters > first.distanceMeters else { return }

        let plot = plotArea(in: panel)
        let low = samples.map(\.elevationMeters).min() ?? 0, high = samples.map(\.elevationMeters).max() ?? 0
        let span = max(high - low, minimumSpan)
        let bottom = (low + high) / 2 - span / 2
        func x(_ metres: Double) -> Double {
            plot.minX + (metres - first.distanceMeters) / (last.distanceMeters - first.distanceMeters) * plot.width
        }
        func y(_ elevation: Double) -> Double { plot.maxY - (elevation - bottom) / span * plot.height }

        // The lowest and highest elevations: a faint line across at each, its value at the left.
        canvas.font(size: 24, bold: false)
        let labels = [(low, RunFormat.elevation(low, units)), (high, RunFormat.elevation(high, units))]
        for (index, (elevation, text)) in labels.enumerated() where index == 0 || text != labels[0].1 {
            cairo_new_path(canvas.cr)
            cairo_move_to(canvas.cr, plot.minX, y(elevation))
            cairo_line_to(canvas.cr, plot.maxX, y(elevation))
            canvas.strokePath(Palette.grid, width: 2)
            canvas.text(text, at: Point(x: plot.minX - 14 - canvas.advance(text), y: y(elevation) + 8), colour: Palette.muted)
        }

        let points = samples.map { Point(x: x($0.distanceMeters), y: y($0.elevationMeters)) }
        cairo_new_path(canvas.cr)
        cairo_move_to(canvas.cr, plot.minX, plot.maxY)
        for p in points { cairo_line_to(canvas.cr, p.x, p.y) }
        cairo_line_to(canvas.cr, plot.maxX, plot.maxY)
        cairo_close_path(canvas.cr)
        canvas.fillPath(Palette.accent, alpha: 0.3)
        canvas.polyline(points)
        canvas.strokePath(Palette.accent, width: 4)

        drawDistanceMarks(length: last.distanceMeters - first.distanceMeters, units: units, plot: plot, labelBaseline: panel.maxY - 16, on: canvas)
    }

    /// "0", "2", "4" … "10 km" under the curve, at a round step giving at most six marks.
    private static func drawDistanceMarks(length metres: Double, units: Units, plot: Rect, labelBaseline: Double, on canvas: Canvas) {
        let unitLength = units == .metric ? 1000 : RunFormat.metersPerMile
        let total = metres / unitLength
        let step = [0.5, 1, 2, 5, 10, 20, 50, 100].first { total / $0 <= 6 } ?? 200
        canvas.font(size: 24, bold: false)
        var mark = 0.0
        while mark <= total + 1e-9 {
            let px = plot.minX + mark / total * plot.width
            let number = mark == mark.rounded() ? "\(Int(mark))" : String(format: "%.1f", mark)
            let isLast = mark + step > total + 1e-9
            let text = isLast ? "\(number) \(units == .metric ? "km" : "mi")" : number
            // The last label ends at the plot's edge at most, so the unit does not run off the panel.
            let left = min(px - canvas.advance(number) / 2, plot.maxX - canvas.advance(text))
            canvas.text(text, at: Point(x: max(plot.minX - 8, left), y: labelBaseline), colour: Palette.muted)
            cairo_new_path(canvas.cr)
            cairo_move_to(canvas.cr, px, plot.maxY)
            cairo_line_to(canvas.cr, px, plot.maxY + 8)
            canvas.strokePath(Palette.grid, width: 2)
            mark += step
        }
    }
}
