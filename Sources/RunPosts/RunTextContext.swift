import Foundation
import RunSummary

/// The values a template sees: every figure as a formatted string in the chosen units, and figures the
/// file has no data for left out, so `{{#hr_avg}}…{{/hr_avg}}` shows only when there is a heart rate.
///
/// Keys: `title`, `date` ("Sunday 22 November 2026"), `time` ("07:31"), both in the runner's zone;
/// `distance` ("10.02 km" / "6.23 mi"), `moving_time` and `elapsed_time` ("52:13", "1:02:13"),
/// `pace` ("5:13 /km" / "8:24 /mi"), `fastest_split` ("4:58", the fastest whole km or mile),
/// `elevation_gain` ("85 m" / "279 ft"; absent for a flat run, never "0 m"), `hr_avg` and `hr_max` ("148 bpm"), `cadence` ("172 spm"),
/// `calories` ("612 kcal"), `paused` (present when elapsed time exceeds moving time by 30 s or more); and the unit labels `distance_unit` (km / mi), `pace_unit` (min/km / min/mi),
/// `elevation_unit` (m / ft) and `split_unit` (km / mile), which are always there.
public enum RunTextContext {

    /// Every key a template may name; any other is refused when the template is read (it would render as nothing).
    public static let keys = ["title", "date", "time", "distance", "moving_time", "elapsed_time", "pace", "fastest_split", "elevation_gain",
                              "hr_avg", "hr_max", "cadence", "calories", "paused", "distance_unit", "pace_unit", "elevation_unit", "split_unit"]

    /// Keys that may be dropped, first to last, when a text is too long for its network.
    public static let optionalKeys = ["cadence", "calories", "hr_max", "fastest_split", "paused", "elapsed_time", "time", "date",
                                      "hr_avg", "elevation_gain"]

    public static func values(_ summary: RunSummary, units: Units) -> [String: String] {
        var values: [String: String] = [
            "title": summary.title,
            "date": format(summary.start, "EEEE d MMMM yyyy", summary.timeZone),
            "time": format(summary.start, "HH:mm", summary.timeZone),
            "distance": RunFormat.distance(summary.distanceMeters, units),
            "moving_time": RunFormat.duration(summary.movingSeconds),
            "elapsed_time": RunFormat.duration(summary.elapsedSeconds),
            "distance_unit": units == .metric ? "km" : "mi",
            "pace_unit": units == .metric ? "min/km" : "min/mi",
            "elevation_unit": units == .metric ? "m" : "ft",
            "split_unit": units == .metric ? "km" : "mile",
        ]
        if summary.elapsedSeconds - summary.movingSeconds >= 30 { values["paused"] = "yes" }
        if let pace = summary.paceSecondsPerKilometre, pace.isFinite, pace > 0 {
            values["pace"] = RunFormat.pace(pace, units)
        }
        if let split = summary.fastestSplit(in: units), split.isFinite, split > 0 {
            values["fastest_split"] = RunFormat.duration(split)
        }
        if let gain = summary.elevationGainShown(in: units) {
            values["elevation_gain"] = RunFormat.elevation(gain, units)
        }
        if let average = summary.heartRateAverage { values["hr_avg"] = "\(average) bpm" }
        if let maximum = summary.heartRateMax { values["hr_max"] = "\(maximum) bpm" }
        if let cadence = summary.cadenceAverage { values["cadence"] = "\(cadence) spm" }
        if let calories = summary.calories { values["calories"] = "\(calories) kcal" }
        return values
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
