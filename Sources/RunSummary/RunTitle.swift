import Foundation

/// The title running apps give a run: "<Weekday> <Part of day> Run", read in the runner's zone.
///
/// Parts of the day: Morning 5–12, Afternoon 12–17, Evening 17–21, Night otherwise.
/// English names are fixed rather than taken from the machine's locale, so the title is the same everywhere.
enum RunTitle {
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    static func make(start: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.weekday, .hour], from: start)
        let weekday = weekdays[(parts.weekday ?? 1) - 1]
        return "\(weekday) \(partOfDay(hour: parts.hour ?? 0)) Run"
    }

    static func partOfDay(hour: Int) -> String {
        switch hour {
        case 5..<12: "Morning"
        case 12..<17: "Afternoon"
        case 17..<21: "Evening"
        default: "Night"
        }
    }
}
