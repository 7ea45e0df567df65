extension SandboxConfiguration {
    /// Reads a lifetime as people type it: `90s`, `15m`, `2h`, `60d` (a whole number and one unit).
    ///
    /// Shared by `sandboxd`'s flags and the daemon's configuration so both accept the same forms.
    /// - Returns: `nil` when the text is not a positive whole number followed by `s`, `m`, `h` or `d`.
    public static func parseLifetime(_ text: String) -> Duration? {
        guard let unit = text.last, let count = Int64(text.dropLast()), count > 0 else { return nil }
        let seconds: Int64
        switch unit {
        case "s": seconds = 1
        case "m": seconds = 60
        case "h": seconds = 3_600
        case "d": seconds = 86_400
        default: return nil
        }
        let (total, overflow) = count.multipliedReportingOverflow(by: seconds)
        return overflow ? nil : .seconds(total)
    }
}

extension Duration {
    /// The duration in (fractional) seconds, for arithmetic with `Date`.
    var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// Whole seconds, rounded down, as `expires_in` values are written.
    var wholeSeconds: Int {
        Int(components.seconds)
    }
}
