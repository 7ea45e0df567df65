#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which Graph API versions the sandbox Graph still serves, from the changelog's "Available Graph API
/// Versions" table (developers.facebook.com/docs/graph-api/changelog): each is usable until the date given,
/// two years after its successor's release; every version before v18.0 is long gone.
enum GraphVersionCalendar {
    /// `vNN.0` → its "available until" day, from whose first UTC second the sandbox no longer serves it (the stricter reading).
    static let lastDay: [Int: (year: Int, month: Int, day: Int)] = [
        18: (2026, 1, 26), 19: (2026, 5, 21), 20: (2026, 9, 24), 21: (2027, 1, 21),
        22: (2027, 5, 20), 23: (2027, 10, 8), 24: (2028, 2, 18), 25: (2028, 7, 29),
    ]
    /// The newest version, released July 2026, with no end date announced.
    static let newest = 26

    /// Whether `version` (`v19.0`) is no longer served at `now`.
    static func isRetired(_ version: String, now: Date) -> Bool {
        guard let major = Int(version.dropFirst().prefix { $0 != "." }) else { return false }
        guard major >= lastDay.keys.min()! else { return true }
        guard let day = lastDay[major], let end = DateComponents(calendar: utc, year: day.year, month: day.month, day: day.day).date else {
            return false
        }
        return now >= end
    }

    /// The oldest version still served at `now`, which answers calls to retired ones.
    static func oldestLive(now: Date) -> String {
        let live = lastDay.keys.sorted().first { !isRetired("v\($0).0", now: now) } ?? newest
        return "v\(live).0"
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
