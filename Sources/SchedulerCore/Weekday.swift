import Foundation

/// ISO 8601 weekdays, 1 Monday … 7 Sunday: how slots, series and the calendar number and name the days.
public enum Weekday {
    public static let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// "Monday" for 1.
    public static func name(_ weekday: Int) -> String { names[weekday - 1] }

    /// 1 for "monday", "mon" or "Mon": a whole name or its first three letters or more; nil for anything else.
    public static func number(named name: String) -> Int? {
        let lower = name.lowercased()
        guard lower.count >= 3 else { return nil }
        return names.firstIndex { $0.lowercased().hasPrefix(lower) }.map { $0 + 1 }
    }

    /// "Mon" for 1.
    public static func short(_ weekday: Int) -> String { String(names[weekday - 1].prefix(3)) }

    /// The weekday of `date` in `calendar`'s zone (Foundation counts from Sunday).
    public static func of(_ date: Date, in calendar: Calendar) -> Int {
        (calendar.component(.weekday, from: date) + 5) % 7 + 1
    }
}
