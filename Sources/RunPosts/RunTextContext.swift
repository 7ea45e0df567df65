import Foundation
import RunSummary

/// The values a template sees: every figure as a formatted string in the chosen units, and figures the
/// file has no data for left out, so `{{#hr_avg}}…{{/hr_avg}}` shows only when there is a heart rate.
///
/// Keys: `title`, `date` ("Sunday 22 November 2026"), `time` ("07:31"), both in the runner's zone;
/// `distance` ("10.02 km" / "6.23 mi"), `moving_time` and `elapsed_time` ("52:13", "1:02:13"),
/// `pace` ("5:13 /km" / "8:24 /mi"), `fastest_split` ("4:58", the fastest whole km or mile),
/// `elevation_gain` ("85 m" / "279 ft"), `hr_avg` and `hr_max` ("148 bpm"), `cadence` ("172 spm"),
/// `calories` ("612 kcal"), `paused` (present when elapsed time exceeds moving time by 30 s or more); and the unit labels `distance_unit` (km / mi), `pace_unit` (min/km / min/mi),
/// `elevation_unit` (m / ft) and `split_unit` (km / mile), which are always there.
public enum RunTextContext {
    public static let metresPerMile = 1_609.344
    public static let feetPerMetre = 3.280_839_895

    /// Keys that may be dropped, first to last, when a text is too long for its network.
    public static let optionalKeys = ["cadence", "calories", "hr_max", "fastest_split", "paused", "elapsed_time", "time", "date",
                                      "hr_avg", "elevation_gain"]

    public static func values(_ summary: RunSummary, units: Units) -> [String: String] {
        var values: [String: String] = [
            "title": summary.title,
            "date": format(summary.start, "EEEE d MMMM yyyy", summary.timeZone),
            "time": format(summary.start, "HH:mm", summary.timeZone),
            "distance": distance(summary.distanceMeters, units),
            "moving_time": duration(summary.movingSeconds),
            "elapsed_time": duration(summary.elapsedSeconds),
            "distance_unit": units == .metric ? "km" : "mi",
            "pace_unit": units == .metric ? "min/km" : "min/mi",
            "elevation_unit": units == .metric ? "m" : "ft",
            "split_unit": units == .metric ? "km" : "mile",
        ]
        if summary.elapsedSeconds - summary.movingSeconds >= 30 { values["paused"] = "yes" }
        if let pace = summary.paceSecondsPerKilometre, pace.isFinite, pace > 0 {
            values["pace"] = self.pace(pace, units)
        }
        if let split = units == .metric ? summary.fastestKilometreSeconds : summary.fastestMileSeconds, split.isFinite, split > 0 {
            values["fastest_split"] = duration(split)
        }
        if let gain = summary.elevationGainMeters, gain.isFinite {
            values["elevation_gain"] = elevation(gain, units)
        }
        if let average = summary.heartRateAverage { values["hr_avg"] = "\(average) bpm" }
        if let maximum = summary.heartRateMax { values["hr_max"] = "\(maximum) bpm" }
        if let cadence = summary.cadenceAverage { values["cadence"] = "\(cadence) spm" }
        if let calories = summary.calories { values["calories"] = "\(calories) kcal" }
        return values
    }

    /// "10.02 km" or "6.23 mi".
    public static func distance(_ metres: Double, _ units: Units) -> String {
        let value = units == .metric ? metres / 1_000 : metres / metresPerMile
        return String(format: "%.2f %@", value, units == .metric ? "km" : "mi")
    }

    /// "52:13" under an hour, "1:02:13" from an hour.
    public static func duration(_ seconds: Double) -> String {
        let total = Int(max(0, seconds).rounded())
        let hours = total / 3_600, minutes = total % 3_600 / 60, rest = total % 60
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    /// "5:13 /km" or "8:24 /mi".
    public static func pace(_ secondsPerKilometre: Double, _ units: Units) -> String {
        let perUnit = units == .metric ? secondsPerKilometre : secondsPerKilometre * metresPerMile / 1_000
        return duration(perUnit) + (units == .metric ? " /km" : " /mi")
    }

    /// "85 m" or "279 ft".
    public static func elevation(_ metres: Double, _ units: Units) -> String {
        units == .metric ? "\(Int(metres.rounded())) m" : "\(Int((metres * feetPerMetre).rounded())) ft"
    }

    private static func format(_ date: Date, _ pattern: String, _ zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
