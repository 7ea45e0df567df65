import Foundation

/// A day as the calendars name it, `yyyy-MM-dd` in a zone's calendar: read and written in one place for the control
/// API's calendar, `status`'s next days, `schedctl calendar` and the web app's calendar.
public enum DayName {
    /// The day `date` falls on in `calendar`'s zone.
    public static func string(_ date: Date, in calendar: Calendar) -> String {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }

    /// The start of day `text` (`2026-12-01`) in `calendar`'s zone; nil for anything that is not a day that exists.
    public static func start(of text: String, in calendar: Calendar) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, DateComponents(calendar: calendar, year: parts[0], month: parts[1], day: parts[2]).isValidDate else { return nil }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }
}
