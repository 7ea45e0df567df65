import Foundation
import SchedulerCore

/// `schedctl history` for people: every attempt at each delivery, fitted to the width (issue 25, bug 8).
public enum HistoryText {
    /// Each delivery with its state (never cut), then its attempts, one a line (going on over a further line, between
    /// two fields, when it must), each with the start of the network's answer under it.
    public static func render(_ history: HistoryView, width: Int) -> String {
        var lines: [String] = []
        for delivery in history.deliveries {
            lines.append(Wrap.hanging("delivery \(delivery.id) to \(delivery.account): \(delivery.state.rawValue)", width: width, indent: 2))
            if delivery.attempts.isEmpty { lines.append("  no attempt yet") }
            for attempt in delivery.attempts {
                var line = "\(attempt.part.map { "part \($0): " } ?? "")\(attempt.outcome)"
                if let status = attempt.httpStatus { line += "  HTTP \(status)" }
                if let errorClass = attempt.errorClass { line += "  \(errorClass)" }
                line += "  (\(Int((attempt.finishedAt.timeIntervalSince(attempt.startedAt) * 1000).rounded())) ms)"
                lines.append(Wrap.labelled("  \(RFC3339.format(attempt.startedAt))  ", line, width: width, separator: "  "))
                if let excerpt = attempt.excerpt, !excerpt.isEmpty {
                    lines.append("    " + Cell(PostListText.oneLine(excerpt)).clipped(to: max(PlanningText.textFloor, min(100, width - 4))).plain)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
