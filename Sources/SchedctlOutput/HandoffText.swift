import Foundation
import SchedulerCore

/// `schedctl handoff list` for people: what waits for you to publish in the app, fitted to the width (issue 25, bug 8).
public enum HandoffText {
    /// Each handoff's heading, its bundle folder (whole, even past the width: a path cut short cannot be opened), the
    /// start of its caption, and the command that confirms it.
    public static func render(_ handoffs: [HandoffView], width: Int) -> String {
        var lines: [String] = []
        for handoff in handoffs {
            lines.append(Wrap.hanging("handoff \(handoff.deliveryId) (post \(handoff.postId)) to \(handoff.account), expires \(RFC3339.format(handoff.expiresAt))",
                                      width: width, indent: 2))
            lines.append("  bundle:  \(handoff.bundle)")
            lines.append("  caption: " + Cell(PostListText.oneLine(handoff.caption)).clipped(to: max(PlanningText.textFloor, width - 11)).plain)
            lines.append(Wrap.labelled("  when posted: ", "schedctl handoff done \(handoff.deliveryId) --url PERMALINK", width: width))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
