import Foundation

/// A span of time as people say it in a status line: `25 s`, `4 min`, `2 h 5 min`, `3 days`.
public enum Elapsed {
    public static func describe(_ seconds: TimeInterval) -> String {
        let whole = max(0, Int(seconds.rounded()))
        switch whole {
        case ..<60: return "\(whole) s"
        case ..<3_600: return "\(whole / 60) min"
        case ..<86_400:
            let minutes = (whole % 3_600) / 60
            return "\(whole / 3_600) h" + (minutes > 0 ? " \(minutes) min" : "")
        default:
            let days = whole / 86_400
            return days == 1 ? "1 day" : "\(days) days"
        }
    }
}
