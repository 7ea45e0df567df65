/// What of a route is never shown: the points inside a privacy zone (a home, a workplace) and the first and last metres
/// of the run, wherever it started. The run's figures still count them, as the watch's do; only the drawing and
/// anything else a post carries leave them out.
public struct RunPrivacy: Sendable, Equatable {
    public var zones: [PrivacyZone] = []
    /// The route's first and last this many metres, along the route (the default of the popular apps: 200 m).
    public var hideStartEndMeters: Double = 200

    public init(zones: [PrivacyZone] = [], hideStartEndMeters: Double = 200) {
        self.zones = zones
        self.hideStartEndMeters = hideStartEndMeters
    }

    /// Nothing hidden.
    public static let none = RunPrivacy(zones: [], hideStartEndMeters: 0)
}

/// A circle no point of a drawn route may enter.
public struct PrivacyZone: Sendable, Equatable {
    public var center: Coordinate
    public var radiusMeters: Double

    public init(center: Coordinate, radiusMeters: Double) {
        self.center = center
        self.radiusMeters = radiusMeters
    }
}
