import Foundation
import SchedulerCore

/// `schedctl show` (and edit, cancel, duplicate) for people: the post, its texts indented under their label, its media
/// with their alt texts, and each delivery with what holds it back.
public enum PostText {
    /// The labels' column: every value starts there, and a text's next lines too.
    static let valueColumn = 13

    public static func render(_ post: PostView, now: Date = Date()) -> String {
        var lines: [String] = ["post \(post.id)"]
        let zone = TimeZone(identifier: post.dueZone)
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
        lines += media(post.media, indent: "  ")
        for (index, part) in (post.thread ?? []).enumerated() {
            lines.append(field("part \(index + 2):", part.text))
            lines += media(part.media, indent: "    ")
        }
        for delivery in post.deliveries { lines += self.delivery(delivery, of: post.id, zone: zone, now: now) }
        // A blank line inside a text is left blank, not indented.
        return lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    /// `  label:     value`, the value's further lines indented to where it started.
    static func field(_ label: String, _ value: String, indent: String = "  ", column: Int = valueColumn) -> String {
        let head = (indent + label).padding(toLength: max(column, indent.count + label.count + 1), withPad: " ", startingAt: 0)
        return head + indented(value, by: head.count)
    }

    /// `text`'s second and later lines indented by `columns` spaces.
    static func indented(_ text: String, by columns: Int) -> String {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .joined(separator: "\n" + String(repeating: " ", count: columns))
    }

    /// Each attached file: its type, size in pixels, short id, and its alt text (or that it has none: screen readers
    /// then say only "image").
    static func media(_ media: [MediaView], indent: String) -> [String] {
        media.map { item in
            var line = "\(item.contentType)"
            if let width = item.width, let height = item.height { line += " \(width)×\(height)" }
            line += " \(item.id.prefix(12))"
            let head = "\(indent)media:".padding(toLength: max(valueColumn, indent.count + 7), withPad: " ", startingAt: 0)
            let alt = item.alt.map { "alt: " + indented($0, by: head.count + 5) } ?? "no alt text"
            return head + line + "\n" + String(repeating: " ", count: head.count) + alt
        }
    }

    static func delivery(_ delivery: DeliveryView, of postID: Int64, zone: TimeZone?, now: Date) -> [String] {
        var line = "  delivery \(delivery.id) to \(delivery.account): \(delivery.state.rawValue)"
        if let url = delivery.remoteUrl { line += " \(url)" } else if let id = delivery.remoteId { line += " id \(id)" }
        if let at = delivery.publishedAt { line += " at \(ZonedTime.format(at, in: zone))" }
        if let next = delivery.nextAttemptAt, delivery.state == .retrying {
            line += delivery.lookUpFirst == true
                ? ", looked up on \(delivery.network.displayName) at \(ZonedTime.format(next, in: zone)) before anything is sent again"
                : ", next attempt \(ZonedTime.format(next, in: zone))"
        }
        var lines = [line]
        if let until = delivery.throttledUntil, until > now {
            lines.append(field("held:", "by \(delivery.network.displayName)'s rate limit until \(ZonedTime.format(until, in: zone)); it goes out then",
                               indent: "    ", column: 0))
        }
        if let text = delivery.text { lines.append(field("text:", text, indent: "    ", column: 0)) }
        if let comment = delivery.firstComment { lines.append(field("first comment:", comment, indent: "    ", column: 0)) }
        if let count = delivery.partCount {
            let parts = delivery.parts ?? []
            lines.append("    parts out: \(parts.count) of \(count)")
            for part in parts {
                lines.append("      \(part.part) \(part.kind): \(part.remoteUrl ?? "id \(part.remoteId)") at \(ZonedTime.format(part.publishedAt, in: zone))")
            }
        }
        if let error = delivery.error { lines.append(field("last error:", error, indent: "    ", column: 0)) }
        switch delivery.state {
        case .unknown:
            lines.append("    it may be on the network: look, then `\(RecoveryCommand.resolve(post: postID, delivery: delivery.id))` or "
                         + "`\(RecoveryCommand.retry(post: postID, delivery: delivery.id, force: true))`")
        case .failed, .missed, .expired:
            let retry = RecoveryCommand.retry(post: postID, delivery: delivery.id)
            lines.append((delivery.parts ?? []).isEmpty ? "    to send it after all: `\(retry)`" : "    to send what is left: `\(retry)`")
        default: break
        }
        return lines
    }
}
