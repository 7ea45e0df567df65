/// Reads the durations people write: `90s`, `15m`, `2h`, `1h30m`, `1d`, `5 minutes`, `2 hours`.
public enum DurationParser {
    /// Whole seconds, or nil when the text is not a duration.
    public static func seconds(_ text: String) -> Int? {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        guard !compact.isEmpty else { return nil }
        var total = 0
        var number = ""
        var unit = ""
        func flush() -> Bool {
            guard let value = Int(number), let multiplier = multiplier(unit) else { return false }
            let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
            guard !overflow else { return false }
            total += product
            number = ""; unit = ""
            return true
        }
        for character in compact {
            if character.isASCII, character.isNumber {
                if !unit.isEmpty { guard flush() else { return nil } }
                number.append(character)
            } else if character.isLetter {
                guard !number.isEmpty else { return nil }
                unit.append(character)
            } else {
                return nil
            }
        }
        guard flush() else { return nil }
        return total
    }

    private static func multiplier(_ unit: String) -> Int? {
        switch unit {
        case "s", "sec", "secs", "second", "seconds": 1
        case "m", "min", "mins", "minute", "minutes": 60
        case "h", "hr", "hrs", "hour", "hours": 3_600
        case "d", "day", "days": 86_400
        default: nil
        }
    }

    /// `5400` → `1h30m`, for messages and listings.
    public static func format(seconds: Int) -> String {
        guard seconds > 0 else { return "0s" }
        var rest = seconds
        var out = ""
        for (size, suffix) in [(86_400, "d"), (3_600, "h"), (60, "m"), (1, "s")] where rest >= size {
            out += "\(rest / size)\(suffix)"
            rest %= size
        }
        return out
    }
}
