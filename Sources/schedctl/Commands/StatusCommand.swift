import ArgumentParser
import Foundation
import SchedulerCore

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Daemon health, counts by state, what is due next, and what needs you.")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (status, data) = try await options.client().get("/v1/status", as: StatusView.self)
        if options.json { return Output.json(data) }
        print("schedulerd \(status.version)\(status.sandbox ? " (sandbox)" : ""), up since \(RFC3339.format(status.startedAt))")
        let counts = status.deliveries.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        print("deliveries: \(counts.isEmpty ? "none" : counts.joined(separator: ", "))")
        if let next = status.nextDue {
            print("next due:   post \(next.postId) at \(RFC3339.format(next.dueAt)) to \(next.accounts) account(s)")
        } else {
            print("next due:   nothing scheduled")
        }
        if let zone = status.zone.flatMap(TimeZone.init(identifier:)) {
            let days = try await CalendarRange.fetch(CalendarRange(around: nil, month: false, zone: zone, now: status.now, days: 3), account: nil,
                                                     zone: zone, client: options.client())
            print("next days:  " + days.map { day in
                "\(day.weekday) \(day.date.suffix(5)) " + (day.entries.isEmpty ? "-" : day.entries.prefix(3).map { "\($0.time) \($0.networks.joined(separator: ","))" }
                    .joined(separator: ", ") + (day.entries.count > 3 ? " +\(day.entries.count - 3)" : ""))
            }.joined(separator: " · ") + " (`schedctl calendar`)")
        }
        if let paused = status.paused {
            if paused.everything || !paused.accounts.isEmpty {
                print("paused:     \(paused.everything ? "everything" : paused.accounts.joined(separator: ", ")); `schedctl resume` to publish again")
            }
            for network in paused.networks { print("paused:     \(PausePrinter.line(network))") }
        }
        for warning in status.warnings ?? [] { print("warning:    \(warning)") }
        if let throttled = status.throttled {
            print("throttled:  \(throttled.deliveries) deliveries held back by rate limits; they go out from \(RFC3339.format(throttled.from)) "
                  + "to \(RFC3339.format(throttled.until))")
        }
        if let hooks = status.hooks {
            if hooks.waiting > 0 {
                let since = hooks.waitingSince.map { " since \(RFC3339.format($0))" } ?? ""
                print("hooks:      \(hooks.waiting) event(s) waiting\(since) (last error: \(hooks.lastError ?? "none recorded")); "
                      + "retried with backoff, given up a day after each event")
            }
            if hooks.givenUp > 0 {
                print("hooks:      \(hooks.givenUp) event(s) given up: no hook accepted them within a day (see the log; `schedctl events`)")
            }
        }
        if let daemons = status.daemons {
            print("daemons:    \(daemons.count) sharing the store")
            for daemon in daemons {
                print("  \(daemon.this ? "*" : " ") \(daemon.host) pid \(daemon.pid) (\(daemon.version)), up since \(RFC3339.format(daemon.startedAt)), "
                      + "publishing \(daemon.publishing), lease until \(RFC3339.format(daemon.leaseUntil))")
            }
        }
        if let unstored = status.outcomesWaitingForTheStore {
            print("store:      \(unstored) publish outcome(s) the database refused so far are kept and written again; see the log "
                  + "(a full disk? a read-only file?)")
        }
        if let unknown = status.deliveries["unknown"], unknown > 0 {
            print("unknown:    \(unknown) deliveries may or may not be published; check, then `schedctl resolve` or `schedctl retry --force`")
        }
        if let missed = status.deliveries["missed"], missed > 0 {
            print("missed:     \(missed) deliveries were past their lateness limit; `schedctl list --state missed`")
        }
        for account in status.accountsNeedingAttention {
            if account.status == .needsRelink {
                print("attention:  \(account.reference) needs relinking (\(account.statusReason ?? "its token was refused")); \(account.pendingPosts) post(s) wait for it")
            } else {
                print("attention:  \(account.reference) token \(AccountText.token(account)); relink with `schedctl accounts link \(account.network.rawValue)`")
            }
        }
    }
}
