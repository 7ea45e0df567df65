import Foundation
import SchedulerCore

/// `schedctl handoff list` for people: what waits for you to publish in the app, fitted to the width (issue 25, bug 8).
public enum HandoffText {
    /// Each handoff's heading, its bundle folder (whole, even past the width: a path cut short cannot be opened), the
    /// start of its caption, and the command that confirms it. The expiry is written as every time for people is
    /// (``ZonedTime``), in `zone` (issue 48, item 7: it was `2026-12-08T02:59:51.717Z`).
    public static func render(_ handoffs: [HandoffView], zone: TimeZone, width: Int) -> String {
        var lines: [String] = []
        for handoff in handoffs {
            lines.append(Wrap.hanging("handoff \(handoff.deliveryId) (post \(handoff.postId)) to \(handoff.account), expires \(ZonedTime.format(handoff.expiresAt, in: zone))",
                                      width: width, indent: 2))
            lines.append("  bundle:  \(handoff.bundle)")
            lines.append("  caption: " + Cell(PostListText.oneLine(handoff.caption)).clipped(to: max(PlanningText.textFloor, width - 11)).plain)
            lines.append(Wrap.labelled("  when posted: ", "schedctl handoff done \(handoff.deliveryId) --url PERMALINK", width: width))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
