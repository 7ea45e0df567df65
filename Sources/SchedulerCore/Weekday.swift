import Foundation

/// ISO 8601 weekdays, 1 Monday … 7 Sunday: how slots, series and the calendar number and name the days.
public enum Weekday {
    public static let names = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// "Monday" for 1.
    public static func name(_ weekday: Int) -> String { names[weekday - 1] }

    /// "Mon" for 1.
    public static func short(_ weekday: Int) -> String { String(names[weekday - 1].prefix(3)) }

    /// The weekday of `date` in `calendar`'s zone (Foundation counts from Sunday).
    public static func of(_ date: Date, in calendar: Calendar) -> Int {
        (calendar.component(.weekday, from: date) + 5) % 7 + 1
    }
}
