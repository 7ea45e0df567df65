import Foundation
import SchedulerCore

/// `schedctl status` for people: times in the daemon's zone with their offset, counts with their nouns, what goes out
/// next and, when something earlier waits, why it waits; then what needs a person.
public enum StatusText {
    /// Each line fits `width` (issue 25, bug 8: status ran to 135 columns): a long one goes on over further lines,
    /// indented under its value; the next days break between days.
    public static func render(_ status: StatusView, width: Int = .max) -> String {
        let zone = status.zone.flatMap(TimeZone.init(identifier:))
        func time(_ instant: Date) -> String { ZonedTime.format(instant, in: zone) }
        var lines: [String] = []
        lines.append("schedulerd \(status.version)\(status.sandbox ? " (sandbox)" : ""), up since \(time(status.startedAt))"
                     + "; times in \(zone?.identifier ?? "UTC")")
        let counts = status.deliveries.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        lines.append("deliveries: \(counts.isEmpty ? "none" : counts.joined(separator: ", "))")
        if let waiting = status.deliveries["awaiting_approval"], waiting > 0 {
            lines.append("            \(Counted.of(waiting, "delivery", "deliveries")) \(Counted.verb(waiting, "waits", "wait")) for approval: "
                         + "`schedctl list --state awaiting_approval`, then `schedctl approve ID` or `schedctl reject ID`")
        }
        lines += next(status, time: time)
        if let days = status.nextDays { lines.append("next days:  " + nextDays(days, zone: zone)) }
        if let handedOff = status.deliveries[DeliveryState.handedOff.rawValue], handedOff > 0 {
            lines.append("handoffs:   \(Counted.of(handedOff, "post")) \(handedOff == 1 ? "waits" : "wait") for you to publish "
                         + "\(handedOff == 1 ? "it" : "them") in the app; `schedctl handoff list` shows \(handedOff == 1 ? "it" : "them")")
        }
        if let paused = status.paused {
            if paused.everything || !paused.accounts.isEmpty {
                lines.append("paused:     \(paused.everything ? "everything" : paused.accounts.joined(separator: ", ")); `schedctl resume` to publish again")
            }
            for network in paused.networks { lines.append("paused:     \(PauseText.line(network, zone: zone))") }
        }
        for warning in status.warnings ?? [] { lines.append("warning:    \(warning)") }
        if let throttled = status.throttled {
            lines.append("throttled:  \(Counted.of(throttled.deliveries, "delivery", "deliveries")) held back by rate limits; "
                         + (throttled.deliveries == 1 ? "it goes out at \(time(throttled.from))"
                                                      : "they go out from \(time(throttled.from)) to \(time(throttled.until))"))
        }
        lines += attention(status, time: time)
        return lines.map { fit($0, width: width) }.joined(separator: "\n") + "\n"
    }

    /// The lines about what needs a person, or may: hooks that fail, the daemons sharing the store, outcomes the store
    /// refused, unknown and missed deliveries, and accounts to relink.
    static func attention(_ status: StatusView, time: (Date) -> String) -> [String] {
        var lines: [String] = []
        if let hooks = status.hooks {
            if hooks.waiting > 0 {
                let since = hooks.waitingSince.map { " since \(time($0))" } ?? ""
                lines.append("hooks:      \(Counted.of(hooks.waiting, "event")) waiting\(since) (last error: \(hooks.lastError ?? "none recorded")); "
                             + "retried with backoff, given up a day after each event")
            }
            if hooks.givenUp > 0 {
                lines.append("hooks:      \(Counted.of(hooks.givenUp, "event")) given up: no hook accepted them within a day (see the log; `schedctl events`)")
            }
        }
        if let daemons = status.daemons {
            lines.append("daemons:    \(daemons.count) sharing the store")
            for daemon in daemons {
                lines.append("  \(daemon.this ? "*" : " ") \(daemon.host) pid \(daemon.pid) (\(daemon.version)), up since \(time(daemon.startedAt)), "
                             + "publishing \(daemon.publishing), lease until \(time(daemon.leaseUntil))")
            }
        }
        if let trouble = status.store {
            lines.append("store:      FAILING since \(time(trouble.since)) (\(Counted.of(trouble.failures, "failure"))): \(trouble.message); "
                         + "\(trouble.action)")
            for blocked in trouble.blocks { lines.append("  blocks    \(blocked)") }
        }
        if let gone = status.sandboxGone {
            lines.append("sandbox:    GONE: sandboxd exited (\(gone.how)) at \(time(gone.exitedAt)); posts to the sandbox networks fail "
                         + "and are retried; \(gone.action)")
        }
        for network in status.unreachable ?? [] {
            lines.append("network:    \(network.network.displayName) UNREACHABLE since \(time(network.since)) for \(network.accounts.joined(separator: ", ")): "
                         + "\(network.error); posts to it are retried; `schedctl doctor` checks each network's address")
        }
        if let unstored = status.outcomesWaitingForTheStore {
            lines.append("store:      \(Counted.of(unstored, "publish outcome")) the database refused so far \(unstored == 1 ? "is" : "are") kept and "
                         + "written again; see the log (a full disk? a read-only file?)")
        }
        if let unknown = status.deliveries["unknown"], unknown > 0 {
            lines.append("unknown:    \(Counted.of(unknown, "delivery", "deliveries")) may or may not be published; check, then `schedctl resolve` "
                         + "or `schedctl retry --force`")
        }
        if let missed = status.deliveries["missed"], missed > 0 {
            lines.append("missed:     \(Counted.of(missed, "delivery", "deliveries")) \(missed == 1 ? "was" : "were") past \(missed == 1 ? "its" : "their") "
                         + "lateness limit; `schedctl list --state missed`")
        }
        for account in status.accountsNeedingAttention {
            if account.status == .needsRelink {
                lines.append("attention:  \(account.reference) needs relinking (\(account.statusReason ?? "its token was refused")); "
                             + "\(Counted.of(account.pendingPosts, "post")) \(account.pendingPosts == 1 ? "waits" : "wait") for it; "
                             + "relink it: \(account.relinkCommand)")
            } else if let refusal = account.permissionRefusal {
                lines.append("attention:  " + permissionRefusal(account, refusal))
            } else {
                lines.append("attention:  \(account.reference) token \(token(account, now: status.now)); "
                             + "relink it: \(account.relinkCommand)")
            }
        }
        return lines
    }

    /// The width of a line's label (`next due:   `), where its value and its further lines start.
    static let labelWidth = 12

    /// `line` wrapped to `width`: a labelled line under its value, the next days between days, any other line
    /// (the first, a daemon's) indented two more than it is.
    static func fit(_ line: String, width: Int) -> String {
        guard line.count > width else { return line }
        let label = line.prefix(labelWidth)
        if label.hasSuffix(" "), label.contains(":"), !label.hasPrefix(" ") {
            return Wrap.labelled(String(label), String(line.dropFirst(labelWidth)), width: width,
                                 separator: label.hasPrefix("next days:") ? " · " : " ")
        }
        return Wrap.hanging(line, width: width, indent: line.prefix { $0 == " " }.count + 2)
    }

    /// An account whose last deliveries were all refused for a permission its token lacks: why, and what lets it publish.
    public static func permissionRefusal(_ account: AccountView, _ refusal: AccountView.PermissionRefusal) -> String {
        let last = refusal.deliveries == 1 ? "its last delivery was" : "its last \(refusal.deliveries) deliveries were"
        return "\(account.reference) cannot publish: \(last) refused for a permission its token lacks (\(refusal.reason)); "
            + "link it again with `schedctl accounts link \(account.network.rawValue)` approving every permission (or `schedctl accounts add` "
            + "a token that has them), then `schedctl retry` the failed deliveries"
    }

    /// What is due next. Issue 16, bug 2: with every waiting post's account paused or needing relinking this said
    /// "nothing scheduled" beside "scheduled 26"; now the first waiting post is shown with why it waits, and what
    /// goes out next (if anything) beside it.
    static func next(_ status: StatusView, time: (Date) -> String) -> [String] {
        let everywhere = status.paused?.everything == true ? "; waits: publishing is paused everywhere (`schedctl resume` starts it again)" : ""
        var lines: [String] = []
        if let held = status.nextHeld {
            lines.append("next due:   post \(held.postId) at \(time(held.dueAt)); waits: \(reason(held, status: status))")
        }
        if let next = status.nextDue {
            let label = status.nextHeld == nil ? "next due:   " : "next out:   "
            lines.append(label + "post \(next.postId) at \(time(next.dueAt)) to \(Counted.of(next.accounts, "account"))" + overdue(next, status)
                         + everywhere)
        } else if status.nextHeld == nil {
            lines.append("next due:   nothing scheduled")
        }
        return lines
    }

    /// A due time already past by more than a claim takes (issue 46: status said "next due: 03:24" at 03:25 while a
    /// failing store kept it in): how late it is, and why when the daemon knows.
    static func overdue(_ next: StatusView.NextDue, _ status: StatusView) -> String {
        let late = status.now.timeIntervalSince(next.dueAt)
        guard late >= overdueAfter else { return "" }
        let why = status.store != nil ? "the store is failing (see store below)" : "not out yet"
        return " (overdue by \(Elapsed.describe(late)): \(why))"
    }

    /// A post this late is shown as overdue: a claim and its publish take well under this.
    static let overdueAfter: TimeInterval = 5

    /// Why a held post waits, and what lets it go.
    static func reason(_ held: StatusView.HeldDue, status: StatusView) -> String {
        let network = held.account.split(separator: ":").first.map(String.init) ?? held.account
        switch held.reason {
        case .accountPaused:
            return "\(held.account) is paused (`schedctl resume \(held.account)` publishes again)"
        case .needsRelink:
            return "\(held.account) needs relinking (\(RelinkCommand.text(account: held.account) ?? "`schedctl accounts link \(network)`"))"
        case .networkPaused:
            let name = Network(rawValue: network)?.displayName ?? network
            let remedy = status.paused?.networks.first { $0.network.rawValue == network }.flatMap { $0.byPerson ? nil : $0.remedy }
            return "\(name) is paused (\(remedy.map { "to publish again: \($0)" } ?? "`schedctl resume --network \(network)`"))"
        case .revoked:
            return "\(held.account) was revoked (`schedctl accounts add \(network)` adds it again)"
        }
    }

    /// `Tue 11-24 07:30 X,FB, 12:15 X +3 more · Wed 11-25 - · …`: each day's first posts still to go out, and how many more.
    static func nextDays(_ days: [UpcomingDayView], zone: TimeZone?) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone ?? TimeZone(identifier: "UTC")!
        func clock(_ instant: Date) -> String {
            let c = calendar.dateComponents([.hour, .minute], from: instant)
            return String(format: "%02d:%02d", c.hour!, c.minute!)
        }
        return days.map { day in
            let posts = day.posts.map { "\(clock($0.dueAt)) \($0.networks.map(\.shortName).joined(separator: ","))" }
            let rest = day.count - day.posts.count
            let more = day.countIsAtLeast ? " +\(Counted.grouped(rest)) or more" : rest > 0 ? " +\(Counted.grouped(rest)) more" : ""
            return "\(day.weekday) \(day.date.suffix(5)) " + (posts.isEmpty ? "-" : posts.joined(separator: ", ") + more)
        }.joined(separator: " · ") + " (`schedctl calendar`)"
    }

    /// What the account's token does (``AccountText/token(_:now:)``).
    static func token(_ account: AccountView, now: Date) -> String { AccountText.token(account, now: now) }
}
