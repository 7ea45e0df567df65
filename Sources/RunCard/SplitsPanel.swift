import CCairo
import RunSummary

/// The splits beside the map: a row per kilometre (or mile) with its number, its moving time and a bar as long as
/// its speed is to the fastest's, the fastest split's row in the route's colour, as running apps show them.
enum SplitsPanel {
    static let padding = 24.0
    static let headerHeight = 56.0
    static let maximumRowHeight = 52.0

    /// Where the rows go inside the panel: under the header.
    static func rowArea(in panel: Rect) -> Rect {
        let inner = panel.inset(by: padding)
        return Rect(x: inner.x, y: inner.y + headerHeight, width: inner.width, height: inner.height - headerHeight)
    }

    /// The height of each row: the area shared out, no taller than reads well.
    static func rowHeight(_ rows: Int, in panel: Rect) -> Double {
        min(maximumRowHeight, rowArea(in: panel).height / Double(max(1, rows)))
    }

    /// - Parameter fastest: the rows to highlight, those holding the run's fastest split (``CardPlan/fastestRows``).
    static func draw(_ rows: [SplitRow], fastest fastestShown: Set<Int>, unit: String, in panel: Rect, on canvas: Canvas) {
        Panels.background(panel, on: canvas)
        let inner = panel.inset(by: padding)
        canvas.font(size: 26, bold: false)
        canvas.text("SPLITS", at: Point(x: inner.minX + 4, y: inner.minY + 30), colour: Palette.label)
        let heading = "/\(unit)"
        canvas.text(heading, at: Point(x: inner.maxX - 4 - canvas.advance(heading), y: inner.minY + 30), colour: Palette.label)

        guard let fastest = rows.map(\.perUnit).min(), fastest > 0 else { return }
        let area = rowArea(in: panel)
        let height = rowHeight(rows.count, in: panel)
        let size = min(30, height * 0.62)
        // Columns: the number, the time (right-aligned), then the bar to the panel's edge.
        canvas.font(size: size, bold: true)
        let numberWidth = canvas.advance(rows.last?.label ?? "10") + size * 0.6
        let timeWidth = rows.map { canvas.advance(RunFormat.duration($0.seconds)) }.max() ?? 0
        let barX = area.minX + 4 + numberWidth + timeWidth + size * 0.6
        let barMaxWidth = area.maxX - 4 - barX

        for (index, row) in rows.enumerated() {
            let top = area.minY + Double(index) * height
            let baseline = top + height / 2 + size * 0.36
            canvas.font(size: size, bold: false)
            canvas.text(row.label, at: Point(x: area.minX + 4, y: baseline), colour: Palette.muted)
            canvas.font(size: size, bold: true)
            let time = RunFormat.duration(row.seconds)
            canvas.text(time, at: Point(x: area.minX + 4 + numberWidth + timeWidth - canvas.advance(time), y: baseline), colour: Palette.value)
            let isFastest = fastestShown.contains(index)
            let barHeight = max(6, height * 0.46)
            let bar = Rect(x: barX, y: top + (height - barHeight) / 2, width: max(barHeight, barMaxWidth * fastest / row.perUnit), height: barHeight)
            canvas.roundedRect(bar, radius: barHeight / 2)
            canvas.fillPath(isFastest ? Palette.accent : Palette.bar)
        }
    }
}

/// The panels' common look: a rounded, slightly lighter card with a thin edge.
enum Panels {
    static func background(_ rect: Rect, on canvas: Canvas) {
        canvas.roundedRect(rect, radius: CardLayout.mapCornerRadius)
        canvas.fillPath(Palette.panel)
        edge(rect, on: canvas)
    }

    /// The thin edge alone: drawn again over a map, whose tiles cover the first.
    static func edge(_ rect: Rect, on canvas: Canvas) {
        canvas.roundedRect(rect.inset(by: 1), radius: CardLayout.mapCornerRadius - 1)
        canvas.strokePath(Palette.panelEdge, width: 2)
    }
}
