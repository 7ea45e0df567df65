import SchedulerCore

/// `schedctl doctor` for people: `ok   area   message`, and under a warning or failure, what to do.
public enum DoctorText {
    /// Issue 25, bug 8: findings ran to 155 columns; now each message and each action goes on over further lines,
    /// indented to where it started, so the level and the area stay in their columns at any width.
    public static func render(_ checks: [DoctorFinding], width: Int) -> String {
        let areaWidth = checks.map(\.area.count).max() ?? 0
        let messageColumn = 6 + areaWidth + 2
        var lines: [String] = []
        for check in checks {
            let level = check.level.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)
            let area = check.area.padding(toLength: areaWidth, withPad: " ", startingAt: 0)
            lines.append(Wrap.labelled("\(level)  \(area)  ", check.message, width: width))
            if let action = check.action {
                lines.append(Wrap.labelled(String(repeating: " ", count: messageColumn) + "→ ", action, width: width))
            }
        }
        let failures = checks.filter { $0.level == .fail }.count
        let warnings = checks.filter { $0.level == .warn }.count
        lines.append(failures + warnings == 0 ? "all \(checks.count) checks ok"
            : "\(Counted.of(failures, "failure")), \(Counted.of(warnings, "warning")) in \(checks.count) checks")
        return lines.joined(separator: "\n") + "\n"
    }
}
