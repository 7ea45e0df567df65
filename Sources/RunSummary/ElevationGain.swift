/// Total climbing from a stream of elevations, with GPS and barometer noise smoothed away.
///
/// Raw elevations jitter by a metre or two from point to point; summing every rise would report
/// hundreds of metres of climbing on a flat run. Two steps remove that:
/// - a short moving average (``window`` points) takes the edge off single-point spikes;
/// - hysteresis: a climb only counts once it rises ``threshold`` metres above the last low, and a
///   descent only starts once it falls ``threshold`` metres below the last high. Within a
///   confirmed climb every metre counts, so a climb of height H gives H, not H rounded down.
struct ElevationGain: Sendable {
    static let window = 5
    static let threshold = 3.0

    private enum Trend { case unknown, climbing, descending }

    private var recent: [Double] = []
    private var recentSum = 0.0
    private var trend = Trend.unknown
    private var low = 0.0
    private var high = 0.0
    private var started = false
    private(set) var gain = 0.0

    mutating func add(_ elevation: Double) {
        recent.append(elevation)
        recentSum += elevation
        if recent.count > Self.window { recentSum -= recent.removeFirst() }
        fold(recentSum / Double(recent.count))
    }

    private mutating func fold(_ level: Double) {
        guard started else {
            started = true
            low = level; high = level
            return
        }
        switch trend {
        case .unknown:
            low = min(low, level); high = max(high, level)
            if level - low >= Self.threshold {
                gain += level - low
                trend = .climbing; high = level
            } else if high - level >= Self.threshold {
                trend = .descending; low = level
            }
        case .climbing:
            if level > high {
                gain += level - high
                high = level
            } else if high - level >= Self.threshold {
                trend = .descending; low = level
            }
        case .descending:
            if level < low {
                low = level
            } else if level - low >= Self.threshold {
                gain += level - low
                trend = .climbing; high = level
            }
        }
    }
}
