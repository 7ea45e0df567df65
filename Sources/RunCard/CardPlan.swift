import RunSummary

/// Which panels one run's card has, and where: the map always; the splits beside it and the elevation profile under
/// it when the run has them. Worked out before drawing, so the tests can check the layout without reading pixels.
///
/// With neither, the map takes the whole middle of the card (``CardLayout/mapPanel``); the figures stay at the bottom.
struct CardPlan: Equatable, Sendable {
    var map: Rect
    /// The splits' panel, and its rows, when the run has at least ``minimumSplits`` whole kilometres (or miles).
    var splits: Rect?
    var splitRows: [SplitRow]
    /// The rows holding a fastest split (``RunSummary/fastestSplitIndexes(in:)``), highlighted: the split the texts name.
    var fastestRows: Set<Int> = []
    /// "km" or "mi": what the splits are counted in, following the summary's units.
    var splitUnit: String
    /// The elevation profile's panel, when the file has elevations along a distance.
    var profile: Rect?

    /// Fewer splits than this are no table: one row says no more than the distance does.
    static let minimumSplits = 2
    /// Rows get no smaller than this; a run with more splits has them grouped two (or more) to a row.
    static let minimumRowHeight = 21.0
    static let splitsWidth = 340.0
    static let profileHeight = 210.0
    static let gap = 20.0

    init(_ summary: RunSummary, units: Units) {
        let whole = CardLayout.mapPanel
        let hasProfile = Self.hasProfile(summary)
        let splitSeconds = summary.splits(in: units)
        splitUnit = units == .metric ? "km" : "mi"

        let upperHeight = hasProfile ? whole.height - Self.profileHeight - Self.gap : whole.height
        profile = hasProfile ? Rect(x: whole.x, y: whole.maxY - Self.profileHeight, width: whole.width, height: Self.profileHeight) : nil
        if splitSeconds.count >= Self.minimumSplits {
            let panel = Rect(x: whole.maxX - Self.splitsWidth, y: whole.y, width: Self.splitsWidth, height: upperHeight)
            splits = panel
            let rows = SplitRow.rows(splitSeconds, fitting: Int(SplitsPanel.rowArea(in: panel).height / Self.minimumRowHeight))
            let fastest = summary.fastestSplitIndexes(in: units)
            splitRows = rows
            fastestRows = Set(rows.indices.filter { row in (rows[row].first - 1..<rows[row].last).contains(where: fastest.contains) })
            map = Rect(x: whole.x, y: whole.y, width: whole.width - Self.splitsWidth - Self.gap, height: upperHeight)
        } else {
            splits = nil
            splitRows = []
            map = Rect(x: whole.x, y: whole.y, width: whole.width, height: upperHeight)
        }
    }

    /// Elevations at two or more places along a distance (a treadmill file has none).
    static func hasProfile(_ summary: RunSummary) -> Bool {
        let profile = summary.elevationProfile
        guard profile.count >= 2, let first = profile.first, let last = profile.last else { return false }
        return last.distanceMeters > first.distanceMeters
    }
}

/// One row of the splits' table: which kilometres (or miles) it covers and their moving time.
struct SplitRow: Equatable, Sendable {
    /// The first and last whole kilometre (or mile) of the row, from 1.
    var first: Int
    var last: Int
    var seconds: Double

    /// "3", or "1–2" for a row of grouped splits.
    var label: String { first == last ? "\(first)" : "\(first)–\(last)" }
    /// Moving time per kilometre (or mile) in this row: what the bars compare.
    var perUnit: Double { seconds / Double(last - first + 1) }

    /// One row per split; when there are more splits than `fitting` rows, consecutive splits share a row, as few to
    /// a row as fit (a marathon's 42 kilometres in 21 rows of two).
    static func rows(_ splits: [Double], fitting maximum: Int) -> [SplitRow] {
        guard !splits.isEmpty else { return [] }
        let perRow = max(1, (splits.count + max(1, maximum) - 1) / max(1, maximum))
        return stride(from: 0, to: splits.count, by: perRow).map { start in
            let end = min(start + perRow, splits.count)
            return SplitRow(first: start + 1, last: end, seconds: splits[start..<end].reduce(0, +))
        }
    }
}
