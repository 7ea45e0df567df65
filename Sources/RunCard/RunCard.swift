import CCairo
import Foundation
import RunSummary

/// The picture of a run: a 1080×1350 PNG (4:5, which Instagram takes) with the route and the key figures.
///
/// Top to bottom: the title and the start's date and time in the runner's zone; the route in a rounded
/// panel (or a treadmill drawing when the run has no positions), with the splits (per km or mile, following the
/// units) beside it and the elevation profile under it when the run has them (``CardPlan``); the figures in rows of
/// up to three.
/// Drawn with cairo on an RGB24 image surface and encoded to PNG in memory.
public enum RunCard {
    public static let width = 1080
    public static let height = 1350

    /// The file formats the card is written in: PNG for people, JPEG for Instagram's Graph API.
    public enum Format: Sendable {
        case png, jpeg

        public var contentType: String { self == .png ? "image/png" : "image/jpeg" }
        public var fileExtension: String { self == .png ? "png" : "jpg" }
    }

    /// The card's bytes (PNG unless asked).
    ///
    /// - Parameter map: the tiles ``mapTiles(for:units:)`` named, fetched, with their attribution: the route is drawn
    ///   over them. Without, the panel is plain.
    /// - Parameter privacy: what of the route is never drawn (privacy zones, the first and last metres); the figures
    ///   still count the whole run.
    public static func render(_ summary: RunSummary, units: Units, format: Format = .png, map: MapTiles? = nil,
                              privacy: RunPrivacy = .none) throws -> [UInt8] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else {
            throw RunCardError("cannot create an image surface of \(width)×\(height)")
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "create an image surface of \(width)×\(height)")
        guard let cr = cairo_create(surface) else { throw RunCardError("cannot create a cairo context") }
        defer { cairo_destroy(cr) }

        let canvas = Canvas(cr: cr)
        canvas.fill(Palette.background)
        Header.draw(title: summary.title, startLine: RunFormat.startLine(summary.start, timeZone: summary.timeZone), on: canvas)
        let plan = CardPlan(summary, units: units)
        MapPanel.draw(privacy.visibleRoute(summary.route), hadRoute: !summary.route.isEmpty, in: plan.map, tiles: map, on: canvas)
        if let panel = plan.splits { SplitsPanel.draw(plan.splitRows, fastest: plan.fastestRows, unit: plan.splitUnit, in: panel, on: canvas) }
        if let panel = plan.profile { ProfilePanel.draw(summary.elevationProfile, units: units, in: panel, on: canvas) }
        FigureGrid.draw(Figure.list(summary, units: units), on: canvas)

        try check(cairo_status(cr), "draw the run card")
        cairo_surface_flush(surface)
        return format == .png ? try PNGEncoding.encode(surface) : try JPEGEncoding.encode(surface)
    }

    /// The map tiles the card of `summary` would be drawn over, for fetching before ``render(_:units:format:map:)``:
    /// those under the panel the route is drawn in, at the zoom that fits the route (``MapFrame``). Computed from the
    /// coordinates drawn (the summary's route) and the panels the summary and units give the card; none for a run
    /// without a route.
    public static func mapTiles(for summary: RunSummary, units: Units, privacy: RunPrivacy = .none) -> [TileKey] {
        MapFrame(route: privacy.visibleRoute(summary.route).points, panel: CardPlan(summary, units: units).map)?.keys ?? []
    }

    private static func check(_ status: cairo_status_t, _ doing: String) throws(RunCardError) {
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RunCardError("cannot \(doing): \(String(cString: cairo_status_to_string(status)))")
        }
    }
}

/// The top of the card: the run's title, large and bold (shrunk, then cut with "…", if it is long),
/// and the start's date and time under it.
enum Header {
    static func draw(title: String, startLine: String, on canvas: Canvas) {
        let maxWidth = CardLayout.width - 2 * CardLayout.margin - 8
        let x = CardLayout.margin + 4
        let shown = canvas.fit(title.isEmpty ? "Run" : title, maxWidth: maxWidth,
                               size: CardLayout.titleSize, minSize: CardLayout.titleMinSize, bold: true)
        canvas.text(shown, at: Point(x: x, y: CardLayout.titleBaseline), colour: Palette.title)
        let line = canvas.fit(startLine, maxWidth: maxWidth, size: CardLayout.dateSize, minSize: 28, bold: false)
        canvas.text(line, at: Point(x: x, y: CardLayout.dateBaseline), colour: Palette.muted)
    }
}

/// Why the picture could not be drawn.
public struct RunCardError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
