import CCairo

/// A thin layer over a cairo context: the handful of shapes and text operations the card needs,
/// in card pixels, so the drawing code reads as layout rather than C calls.
///
/// Text uses cairo's toy text API with DejaVu Sans (fontconfig falls back to another sans-serif
/// when it is missing): enough for one title, a date and a few numbers, with no text-layout library.
struct Canvas {
    let cr: OpaquePointer

    static let fontFamily = "DejaVu Sans"

    func fill(_ colour: RGB) {
        setColour(colour)
        cairo_paint(cr)
    }

    func setColour(_ c: RGB, alpha: Double = 1) {
        cairo_set_source_rgba(cr, c.r, c.g, c.b, alpha)
    }

    func roundedRect(_ r: Rect, radius: Double) {
        let k = min(radius, r.width / 2, r.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - k, r.minY + k, k, -.pi / 2, 0)
        cairo_arc(cr, r.maxX - k, r.maxY - k, k, 0, .pi / 2)
        cairo_arc(cr, r.minX + k, r.maxY - k, k, .pi / 2, .pi)
        cairo_arc(cr, r.minX + k, r.minY + k, k, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    func circle(_ centre: Point, radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, centre.x, centre.y, radius, 0, 2 * .pi)
        cairo_close_path(cr)
    }

    func fillPath(_ colour: RGB, alpha: Double = 1) {
        setColour(colour, alpha: alpha)
        cairo_fill(cr)
    }

    func strokePath(_ colour: RGB, width: Double, alpha: Double = 1) {
        setColour(colour, alpha: alpha)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }

    /// A polyline through the points with round joins and caps (the look of a route trace).
    func polyline(_ points: [Point]) {
        guard let first = points.first else { return }
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        // A route of one repeated point is still a dot: a zero-length segment with round caps.
        if points.count == 1 { cairo_line_to(cr, first.x, first.y) }
    }

    // MARK: Text

    func font(size: Double, bold: Bool) {
        cairo_select_font_face(cr, Self.fontFamily, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
    }

    /// How far the text advances in the current font.
    func advance(_ text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    func text(_ text: String, at p: Point, colour: RGB) {
        setColour(colour)
        cairo_move_to(cr, p.x, p.y)
        cairo_show_text(cr, text)
    }

    /// Picks the largest size from `size` down to `minSize` at which the text fits `maxWidth`; if even
    /// the smallest is too wide, cuts the text with "…". Leaves that font selected; returns the text to draw.
    func fit(_ text: String, maxWidth: Double, size: Double, minSize: Double, bold: Bool) -> String {
        var s = size
        while true {
            font(size: s, bold: bold)
            if advance(text) <= maxWidth { return text }
            if s <= minSize { break }
            s = max(minSize, s - 2)
        }
        var chars = Array(text)
        while !chars.isEmpty {
            chars.removeLast()
            let cut = String(chars).trimmingTrailingSpaces() + "…"
            if advance(cut) <= maxWidth { return cut }
        }
        return "…"
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
