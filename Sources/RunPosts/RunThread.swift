import Foundation
import RunSummary
import SchedulerCore

/// A run told as an X thread: the summary (the run's X text) first, then its splits, as many replies as they need,
/// each within X's weighted 280.
public enum RunThread {
    /// The replies after the summary: "Splits (km)" then one line per kilometre (or mile), "1 · 5:02", split into parts
    /// that each fit X. Empty for a run shorter than one kilometre (or mile).
    public static func splitParts(_ summary: RunSummary, units: Units) -> [String] {
        let splits = summary.splits(in: units)
        guard !splits.isEmpty else { return [] }
        let unit = units == .metric ? "km" : "mi"
        let fastest = summary.fastestSplitIndexes(in: units)
        let lines = splits.enumerated().map { index, seconds in
            "\(index + 1) \(unit) · \(RunFormat.duration(seconds))" + (fastest.contains(index) ? " ⚡" : "")
        }
        var parts: [String] = []
        var current = "Splits (\(unit)):"
        for line in lines {
            let candidate = current + "\n" + line
            if RunTexts.fits(candidate, network: .x) {
                current = candidate
            } else {
                parts.append(current)
                current = "Splits, continued:\n" + line
            }
        }
        parts.append(current)
        return parts
    }
}
