import Foundation

/// How run figures are written for people: on the card, and (if they like) in the posts' texts.
///
/// One place for the rules so the picture and the words agree: distances with two decimals,
/// times rounded to whole seconds before splitting (so a pace never reads "4:60"), and a dash
/// for a figure that is not a finite number rather than "nan".
public enum RunFormat {
    /// Metres in a mile, the international mile.
    public static let metersPerMile = 1609.344
    /// Metres in a foot.
    public static let metersPerFoot = 0.3048

    /// "10.02 km" or "6.23 mi".
    public static func distance(_ meters: Double, _ units: Units) -> String {
        let parts = distanceParts(meters, units)
        return "\(parts.value) \(parts.unit)"
    }

    /// "52:13" under an hour, "1:02:13" from an hour on.
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return dash }
        let total = Int(seconds.rounded())
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        return h > 0 ? "\(h):\(twoDigits(m)):\(twoDigits(s))" : "\(m):\(twoDigits(s))"
    }

    /// "5:13 /km" or "8:24 /mi", from the moving time per kilometre.
    public static func pace(_ secondsPerKilometre: Double, _ units: Units) -> String {
        let parts = paceParts(secondsPerKilometre, units)
        return "\(parts.value) \(parts.unit)"
    }

    /// "123 m" or "404 ft", whole numbers.
    public static func elevation(_ meters: Double, _ units: Units) -> String {
        let parts = elevationParts(meters, units)
        return "\(parts.value) \(parts.unit)"
    }

    /// "152 bpm".
    public static func heartRate(_ beatsPerMinute: Int) -> String { "\(beatsPerMinute) bpm" }

    /// An instant in RFC 3339 with the runner's offset: `2026-11-22T07:31:05+01:00`.
    public static func rfc3339(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// "Sunday 22 November 2026 · 07:42": the start, in the runner's zone, in English
    /// (the card's other words are English too).
    public static func startLine(_ start: Date, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEEE d MMMM yyyy"
        let day = formatter.string(from: start)
        formatter.dateFormat = "HH:mm"
        return "\(day) · \(formatter.string(from: start))"
    }

    // MARK: Number and unit apart, for the card, which draws the unit smaller than the number.

    public static func distanceParts(_ meters: Double, _ units: Units) -> (value: String, unit: String) {
        let unit = units == .metric ? "km" : "mi"
        guard meters.isFinite, meters >= 0 else { return (dash, unit) }
        let amount = units == .metric ? meters / 1000 : meters / metersPerMile
        return (String(format: "%.2f", amount), unit)
    }

    public static func paceParts(_ secondsPerKilometre: Double, _ units: Units) -> (value: String, unit: String) {
        let unit = units == .metric ? "/km" : "/mi"
        guard secondsPerKilometre.isFinite, secondsPerKilometre > 0 else { return (dash, unit) }
        let perUnit = units == .metric ? secondsPerKilometre : secondsPerKilometre * metersPerMile / 1000
        let total = Int(perUnit.rounded())
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        let value = h > 0 ? "\(h):\(twoDigits(m)):\(twoDigits(s))" : "\(m):\(twoDigits(s))"
        return (value, unit)
    }

    public static func elevationParts(_ meters: Double, _ units: Units) -> (value: String, unit: String) {
        let unit = units == .metric ? "m" : "ft"
        guard meters.isFinite else { return (dash, unit) }
        let amount = units == .metric ? meters : meters / metersPerFoot
        return ("\(Int(amount.rounded()))", unit)
    }

    static let dash = "–"

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
