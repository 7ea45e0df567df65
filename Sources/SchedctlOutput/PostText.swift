import Foundation
import SchedulerCore

/// `schedctl show` (and edit, cancel, duplicate) for people: the post, its texts indented under their label, its media
/// with their alt texts, and each delivery with what holds it back. Issue 48, item 13: lines ran to 200 columns; every
/// value is wrapped to the width with its further lines indented under where it started. Item 7: every time is
/// written as people read times everywhere (``ZonedTime``), in the post's zone.
public enum PostText {
    /// The labels' column: every value starts there, and a text's next lines too.
    static let valueColumn = 13

    /// `width`: the terminal's (80 when not a terminal, ``Terminal/current()``).
    public static func render(_ post: PostView, now: Date = Date(), width: Int = 80) -> String {
        var lines: [String] = ["post \(post.id)"]
        let zone = TimeZone(identifier: post.dueZone)
        func field(_ label: String, _ value: String) -> String { Self.field(label, value, width: width) }
        // Issue 25, bug 16: a cancelled draft still said how to schedule it, and a cancelled occurrence how to end its
        // series from it; what is cancelled is said to be, with no next step.
        let cancelled = !post.deliveries.isEmpty && post.deliveries.allSatisfy { $0.state == .cancelled }
        if post.dueAt != nil {
            lines.append(field("due:", PostListText.due(post)))
        } else if cancelled {
            lines.append(field("due:", "none, a draft that was cancelled"))
        } else {
            lines.append(field("due:", "none, a draft: `schedctl schedule --post \(post.id) --at TIME` schedules it"))
        }
        if let series = post.series {
            lines.append(field("series:", "\(series.id), occurrence \(series.index) (\(series.rule)); "
                               + (cancelled ? "this occurrence was cancelled" : "`schedctl cancel \(post.id) --series` ends it")))
        }
        if post.queued == true { lines.append(field("queued:", "in a posting slot; it moves if the slot is removed")) }
        lines.append(field("lateness:", "up to \(DurationParser.format(seconds: post.latenessLimitSeconds)) late after downtime"))
        lines.append(field("version:", "\(post.version)"))
        if let warning = post.options?.contentWarning { lines.append(field("warning:", warning + " (Mastodon's content warning)")) }
        lines.append(field("text:", post.text))
        if let visibility = post.options?.visibility { lines.append(field("visibility:", "\(visibility.rawValue) (Mastodon)")) }
        if let language = post.options?.language { lines.append(field("language:", language)) }
        lines += media(post.media, indent: "  ", width: width)
        for (index, part) in (post.thread ?? []).enumerated() {
            lines.append(field("part \(index + 2):", part.text))
            lines += media(part.media, indent: "    ", width: width)
        }
        for delivery in post.deliveries { lines += self.delivery(delivery, of: post.id, zone: zone, now: now, width: width) }
        // A blank line inside a text is left blank, not indented.
        return lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    /// `  label:     value`, the value wrapped to `width` and its further lines indented to where it started.
    static func field(_ label: String, _ value: String, indent: String = "  ", column: Int = valueColumn, width: Int) -> String {
        let head = (indent + label).padding(toLength: max(column, indent.count + label.count + 1), withPad: " ", startingAt: 0)
        return Wrap.labelled(head, value, width: width)
    }

    /// Each attached file: its type, size in pixels, short id, and its alt text (or that it has none: screen readers
    /// then say only "image").
    static func media(_ media: [MediaView], indent: String, width: Int) -> [String] {
        media.map { item in
            var line = "\(item.contentType)"
            if let pixelsWide = item.width, let pixelsHigh = item.height { line += " \(pixelsWide)×\(pixelsHigh)" }
            line += " \(item.id.prefix(12))"
            let head = "\(indent)media:".padding(toLength: max(valueColumn, indent.count + 7), withPad: " ", startingAt: 0)
            let pad = String(repeating: " ", count: head.count)
            let alt = item.alt.map { Wrap.labelled(pad + "alt: ", $0, width: width) } ?? pad + "no alt text"
            return Wrap.labelled(head, line, width: width) + "\n" + alt
        }
    }

    static func delivery(_ delivery: DeliveryView, of postID: Int64, zone: TimeZone?, now: Date, width: Int) -> [String] {
        func field(_ label: String, _ value: String) -> String { Self.field(label, value, indent: "    ", column: 0, width: width) }
        var line = "  delivery \(delivery.id) to \(delivery.account): \(delivery.state.rawValue)"
        if let url = delivery.remoteUrl { line += " \(url)" } else if let id = delivery.remoteId { line += " id \(id)" }
        if let at = delivery.publishedAt { line += " at \(ZonedTime.format(at, in: zone))" }
        if let next = delivery.nextAttemptAt, delivery.state == .retrying {
            line += delivery.lookUpFirst == true
                ? ", looked up on \(delivery.network.displayName) at \(ZonedTime.format(next, in: zone)) before anything is sent again"
                : ", next attempt \(ZonedTime.format(next, in: zone))"
        }
        var lines = [Wrap.hanging(line, width: width, indent: 4)]
        if let until = delivery.throttledUntil, until > now {
            lines.append(field("held:", "by \(delivery.network.displayName)'s rate limit until \(ZonedTime.format(until, in: zone)); it goes out then"))
        }
        if let text = delivery.text { lines.append(field("text:", text)) }
        if let comment = delivery.firstComment { lines.append(field("first comment:", comment)) }
        if let count = delivery.partCount {
            let parts = delivery.parts ?? []
            lines.append("    parts out: \(parts.count) of \(count)")
            for part in parts {
                lines.append(Wrap.hanging("      \(part.part) \(part.kind): \(part.remoteUrl ?? "id \(part.remoteId)") at "
                                          + ZonedTime.format(part.publishedAt, in: zone), width: width, indent: 8))
            }
        }
        if let error = delivery.error { lines.append(field("last error:", error)) }
        switch delivery.state {
        case .unknown:
            lines.append(Wrap.hanging("    it may be on the network: look, then `\(RecoveryCommand.resolve(post: postID, delivery: delivery.id))` or "
                                      + "`\(RecoveryCommand.retry(post: postID, delivery: delivery.id, force: true))`", width: width, indent: 4))
        case .failed, .missed, .expired:
            let retry = RecoveryCommand.retry(post: postID, delivery: delivery.id)
            let what = (delivery.parts ?? []).isEmpty ? "    to send it after all: " : "    to send what is left: "
            lines.append(Wrap.labelled(what, "`\(retry)`", width: width))
        default: break
        }
        return lines
    }
}
