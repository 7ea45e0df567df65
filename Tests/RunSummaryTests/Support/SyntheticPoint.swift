import Foundation

/// A track point a test builds with known values, before it is written out as GPX or TCX.
struct SyntheticPoint {
    var time: Double?            // seconds since 1970
    var latitude: Double?
    var longitude: Double?
    var elevation: Double?
    var heartRate: Int?
    var cadence: Int?
    var distance: Double?        // cumulative metres, for TCX
}

/// A small deterministic random source, so noisy tracks are the same on every run.
struct SeededNoise {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    /// Uniform in -amplitude...amplitude.
    mutating func next(amplitude: Double) -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let unit = Double(state >> 11) / Double(1 << 53)
        return (unit * 2 - 1) * amplitude
    }
}

enum Timestamps {
    /// 2024-05-05T05:30:00Z: a Sunday, 07:30 in Paris.
    static let sundayMorning = 1_714_887_000.0

    static let whole = Date.ISO8601FormatStyle()
    static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func rfc3339(_ seconds: Double, fractional: Bool = false) -> String {
        (fractional ? Self.fractional : Self.whole).format(Date(timeIntervalSince1970: seconds))
    }
}
