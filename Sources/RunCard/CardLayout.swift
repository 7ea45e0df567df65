/// Where things go on the 1080×1350 card, and in which colours.
///
/// Kept in one place so the drawing code and the tests (which look for the route's colour at the
/// projected points and the panel's colour away from them) agree on the same numbers.
enum CardLayout {
    static let width = 1080.0
    static let height = 1350.0
    static let margin = 40.0

    /// Title baseline and size; long titles shrink down to `titleMinSize`, then are cut with "…".
    static let titleBaseline = 118.0
    static let titleSize = 68.0
    static let titleMinSize = 46.0
    static let dateBaseline = 178.0
    static let dateSize = 34.0

    /// The middle of the card: the panel the route is drawn in, about 1000×790 with rounded corners, when the run has
    /// no splits and no elevation; otherwise shared with them (``CardPlan``).
    static let mapPanel = Rect(x: margin, y: 220, width: width - 2 * margin, height: 790)
    static let mapCornerRadius = 28.0
    /// The route keeps this far from the panel's edges, so the thick line and the markers stay inside.
    static let mapPadding = 64.0
    static var routeBox: Rect { routeBox(in: mapPanel) }
    static func routeBox(in panel: Rect) -> Rect { panel.inset(by: mapPadding) }

    static let routeWidth = 12.0
    /// A darker, wider line under the route, so it reads against the panel even where it doubles back.
    static let routeCasingWidth = 22.0
    static let markerRadius = 17.0

    /// Key figures: up to two rows of up to three under the map.
    static let figuresTop = 1040.0
    static let figuresBottom = 1320.0
    static let figureLabelSize = 28.0
    static let figureValueSize = 64.0
    static let figureMinValueSize = 48.0
    static let figureUnitSize = 34.0
    static let figuresPerRow = 3
}

/// A colour as cairo takes it, components 0...1.
struct RGB: Equatable, Sendable {
    var r: Double, g: Double, b: Double
    init(_ hex: UInt32) {
        r = Double((hex >> 16) & 0xFF) / 255
        g = Double((hex >> 8) & 0xFF) / 255
        b = Double(hex & 0xFF) / 255
    }
    /// The 8-bit components, for comparing against decoded pixels.
    var bytes: (r: UInt8, g: UInt8, b: UInt8) {
        (UInt8((r * 255).rounded()), UInt8((g * 255).rounded()), UInt8((b * 255).rounded()))
    }
}

/// A dark card: it looks like the running apps' share cards, and a bright route stands out on it.
enum Palette {
    static let background = RGB(0x0E1217)
    static let panel = RGB(0x19202A)
    static let panelEdge = RGB(0x252E3A)
    static let title = RGB(0xF4F6F8)
    static let muted = RGB(0x9AA6B2)
    static let label = RGB(0x8A96A3)
    static let value = RGB(0xF4F6F8)
    /// The route: a strong orange.
    static let accent = RGB(0xFF5A1F)
    static let casing = RGB(0x0B0E12)
    static let start = RGB(0x2ECC71)
    static let finishDark = RGB(0x111111)
    static let finishLight = RGB(0xFFFFFF)
    static let markerRing = RGB(0xFFFFFF)
    static let placeholder = RGB(0x5C6B7A)
    static let divider = RGB(0x252E3A)
    /// The splits' bars other than the fastest's, and the profile's grid lines.
    static let bar = RGB(0x3D4A5A)
    static let grid = RGB(0x2A3441)
}

/// An axis-aligned rectangle in card pixels.
struct Rect: Equatable, Sendable {
    var x: Double, y: Double, width: Double, height: Double
    var minX: Double { x }
    var minY: Double { y }
    var maxX: Double { x + width }
    var maxY: Double { y + height }
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
    func inset(by d: Double) -> Rect { Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }
    func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
}

/// A point in card pixels, y down.
struct Point: Equatable, Sendable {
    var x: Double, y: Double
}
