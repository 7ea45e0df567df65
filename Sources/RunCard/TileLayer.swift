import CCairo
import MediaCodecs

/// The map under the route: the tiles in their squares, clipped to the rounded panel and washed towards white so the
/// route stands out, and the tile server's attribution in the panel's bottom-right corner.
enum TileLayer {
    /// How much white goes over the tiles.
    static let wash = 0.28
    /// A tile's pixels at most (1024×1024, twice a "retina" tile's side): anything claiming more is not a tile.
    static let maximumTilePixels = 1_024 * 1_024
    static let attributionSize = 19.0
    static let attributionText = RGB(0x333333)
    static let attributionBox = RGB(0xFFFFFF)

    /// Draws the tiles `tiles` holds for `frame`; a tile missing or not decoding is left as the panel's background.
    /// - Returns: how many tiles were drawn.
    @discardableResult
    static func draw(_ frame: MapFrame, _ tiles: MapTiles, in panel: Rect, on canvas: Canvas) -> Int {
        let cr = canvas.cr
        cairo_save(cr)
        defer { cairo_restore(cr) }
        canvas.roundedRect(panel, radius: CardLayout.mapCornerRadius)
        cairo_clip(cr)
        var drawn = 0
        var decoded: [TileKey: OpaquePointer?] = [:]
        defer { for case let surface? in decoded.values { cairo_surface_destroy(surface) } }
        for placement in frame.placements {
            let image: OpaquePointer?
            if let known = decoded[placement.key] {
                image = known
            } else {
                image = tiles.images[placement.key].flatMap { try? PNGSurface.decode($0, maximumPixels: maximumTilePixels) }
                decoded[placement.key] = .some(image)
            }
            guard let image else { continue }
            paint(image, in: placement.rect, on: canvas)
            drawn += 1
        }
        guard drawn > 0 else { return 0 }
        canvas.setColour(attributionBox, alpha: wash)
        cairo_paint(cr)
        return drawn
    }

    /// One tile scaled into its square; its edge pixels extend past it, so scaling leaves no faint seam.
    private static func paint(_ image: OpaquePointer, in rect: Rect, on canvas: Canvas) {
        let cr = canvas.cr
        let width = Double(cairo_image_surface_get_width(image)), height = Double(cairo_image_surface_get_height(image))
        guard width > 0, height > 0, rect.width > 0, rect.height > 0 else { return }
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / width, rect.height / height)
        cairo_set_source_surface(cr, image, 0, 0)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// The attribution, small, on a semi-opaque white box in the panel's bottom-right corner, inside the rounded edge;
    /// a long one is shrunk, then cut, to fit the panel.
    static func drawAttribution(_ text: String, in panel: Rect, on canvas: Canvas) {
        let inset = 10.0, padX = 8.0, padY = 6.0
        let shown = canvas.fit(text, maxWidth: panel.width - 2 * (inset + padX) - 2 * CardLayout.mapCornerRadius,
                               size: attributionSize, minSize: 13, bold: false)
        var extents = cairo_font_extents_t()
        cairo_font_extents(canvas.cr, &extents)
        let width = canvas.advance(shown) + 2 * padX, height = extents.ascent + extents.descent + 2 * padY
        let box = Rect(x: panel.maxX - inset - width, y: panel.maxY - inset - height, width: width, height: height)
        canvas.roundedRect(box, radius: 6)
        canvas.fillPath(attributionBox, alpha: 0.8)
        canvas.text(shown, at: Point(x: box.x + padX, y: box.y + padY + extents.ascent), colour: attributionText)
    }
}
