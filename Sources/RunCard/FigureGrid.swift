import CCairo
import RunSummary

/// One key figure on the card: a small upper-case label over a big bold number and its unit.
struct Figure: Equatable, Sendable {
    var label: String
    var value: String
    var unit: String

    /// The figures the summary has, in the order runners read them; ones it has no data for are left out.
    static func list(_ s: RunSummary, units: Units) -> [Figure] {
        var figures: [Figure] = []
        let d = RunFormat.distanceParts(s.distanceMeters, units)
        figures.append(Figure(label: "DISTANCE", value: d.value, unit: d.unit))
        figures.append(Figure(label: "MOVING TIME", value: RunFormat.duration(s.movingSeconds), unit: ""))
        if let pace = s.paceSecondsPerKilometre {
            let p = RunFormat.paceParts(pace, units)
            figures.append(Figure(label: "AVG PACE", value: p.value, unit: p.unit))
        }
        if let gain = s.elevationGainShown(in: units) {
            let e = RunFormat.elevationParts(gain, units)
            figures.append(Figure(label: "ELEVATION GAIN", value: e.value, unit: e.unit))
        }
        if let hr = s.heartRateAverage {
            figures.append(Figure(label: "AVG HEART RATE", value: "\(hr)", unit: "bpm"))
        }
        if let kcal = s.calories {
            figures.append(Figure(label: "CALORIES", value: "\(kcal)", unit: "kcal"))
        }
        return figures
    }
}

/// The bottom of the card: figures in rows of up to three, each row sharing the width evenly and each
/// figure centred in its cell, so two or five figures look as deliberate as three or six.
enum FigureGrid {
    static func draw(_ figures: [Figure], on canvas: Canvas) {
        guard !figures.isEmpty else { return }
        let perRow = CardLayout.figuresPerRow
        let rows = stride(from: 0, to: figures.count, by: perRow).map { Array(figures[$0..<min($0 + perRow, figures.count)]) }
        let area = Rect(x: CardLayout.margin, y: CardLayout.figuresTop,
                        width: CardLayout.width - 2 * CardLayout.margin, height: CardLayout.figuresBottom - CardLayout.figuresTop)
        let rowHeight = area.height / 2
        // One row sits in the middle of the area rather than at its top.
        let top = rows.count == 1 ? area.midY - rowHeight / 2 : area.minY

        for (r, row) in rows.enumerated() {
            let rowTop = top + Double(r) * rowHeight
            if r > 0 {
                cairo_new_path(canvas.cr)
                cairo_move_to(canvas.cr, area.minX + 40, rowTop)
                cairo_line_to(canvas.cr, area.maxX - 40, rowTop)
                canvas.strokePath(Palette.divider, width: 2)
            }
            let cellWidth = area.width / Double(row.count)
            for (c, figure) in row.enumerated() {
                let cell = Rect(x: area.minX + Double(c) * cellWidth, y: rowTop, width: cellWidth, height: rowHeight)
                draw(figure, in: cell, on: canvas)
            }
        }
    }

    private static func draw(_ f: Figure, in cell: Rect, on canvas: Canvas) {
        let maxWidth = cell.width - 24
        let label = canvas.fit(f.label, maxWidth: maxWidth, size: CardLayout.figureLabelSize,
                               minSize: CardLayout.figureLabelSize, bold: false)
        canvas.text(label, at: Point(x: cell.midX - canvas.advance(label) / 2, y: cell.minY + 46), colour: Palette.label)

        // Number and unit measured together, then shrunk as one if the pair is too wide for the cell.
        var valueSize = CardLayout.figureValueSize, unitSize = CardLayout.figureUnitSize
        var valueWidth = 0.0, unitWidth = 0.0, gap = 0.0
        while true {
            canvas.font(size: valueSize, bold: true)
            valueWidth = canvas.advance(f.value)
            canvas.font(size: unitSize, bold: false)
            unitWidth = f.unit.isEmpty ? 0 : canvas.advance(f.unit)
            gap = f.unit.isEmpty ? 0 : unitSize * 0.3
            if valueWidth + gap + unitWidth <= maxWidth || valueSize <= CardLayout.figureMinValueSize { break }
            valueSize -= 2
            unitSize = max(28, unitSize - 1)
        }
        let x = cell.midX - (valueWidth + gap + unitWidth) / 2
        let baseline = cell.minY + 118
        canvas.font(size: valueSize, bold: true)
        canvas.text(f.value, at: Point(x: x, y: baseline), colour: Palette.value)
        if !f.unit.isEmpty {
            canvas.font(size: unitSize, bold: false)
            canvas.text(f.unit, at: Point(x: x + valueWidth + gap, y: baseline), colour: Palette.muted)
        }
    }
}
