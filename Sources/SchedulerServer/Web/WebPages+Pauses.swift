import Foundation
import Hummingbird
import SchedulerCore
import SchedulerServices

/// What holds posts back, as Today and Status both show it: each pause with who or what made it, since when, and what
/// lifts it, and a *Resume* button for an owner that does what `schedctl resume` does (``RecoveryService/resume``).
/// Nothing here decides what is held: the words translate the same ``StatusView`` that `schedctl status` prints.
extension WebPages {
    package func addPauseRoutes(to router: Router<WebContext>) {
        router.post("resume") { request, _ in try await resume(request) }
    }

    /// The `holds` partial's context: the entries, and the page the Resume buttons come back to.
    package func holdsContext(_ facts: StatusView, format: DateFormatter, session: WebSessions.Session, back: String) -> [String: Any] {
        let holds = Self.holdEntries(facts, format: format, mayResume: session.user.role.may(.manageAccounts))
        return ["holds": holds, "hasHolds": !holds.isEmpty, "back": back]
    }

    /// An account that cannot publish, with what lets it publish again.
    package static func attentionLine(_ account: AccountView, now: Date) -> String {
        if account.status == .needsRelink {
            return "\(account.reference): \(account.statusReason ?? "its token was refused") (link it again on Accounts; its posts wait for it)"
        }
        if let refusal = account.permissionRefusal {
            return "\(account.reference) cannot publish: refused for a permission its token lacks (\(refusal.reason)); link it again on Accounts approving every permission"
        }
        if let forecast = account.expiryForecast(now: now) { return "\(account.reference): token \(forecast) (link it again on Accounts)" }
        return "\(account.reference): \(account.statusReason ?? account.status.rawValue)"
    }

    /// One line per pause and per rate limit holding deliveries back; an owner gets the fields of a Resume form.
    package static func holdEntries(_ facts: StatusView, format: DateFormatter, mayResume: Bool) -> [[String: Any]] {
        var entries: [[String: Any]] = []
        func add(_ what: String, _ lifts: String, resume: (field: String, value: String, label: String)?) {
            var entry: [String: Any] = ["what": what, "lifts": lifts]
            if mayResume, let resume {
                entry["resume"] = ["field": resume.field, "value": resume.value, "label": resume.label]
            }
            entries.append(entry)
        }
        if let paused = facts.paused {
            if paused.everything {
                add("Publishing is paused everywhere, by hand.", "Nothing goes out until it is resumed.", resume: ("everything", "yes", "Resume everything"))
            }
            for account in paused.accounts {
                add("\(account) is paused, by hand.", "Its posts wait until it is resumed; their lateness limits still run.",
                    resume: ("account", account, "Resume \(account)"))
            }
            for network in paused.networks {
                let since = format.string(from: network.since)
                if network.byPerson {
                    add("\(network.network.displayName) is paused, by hand, since \(since).", "Every account of it waits until it is resumed.",
                        resume: ("network", network.network.rawValue, "Resume \(network.network.displayName)"))
                } else {
                    add("\(network.network.displayName) is paused since \(since): \(network.reason)",
                        "To publish again: \(network.remedy ?? "see the reason"); then resume it.",
                        resume: ("network", network.network.rawValue, "Resume \(network.network.displayName)"))
                }
            }
        }
        if let throttled = facts.throttled {
            let when = throttled.deliveries == 1 ? "it goes out at \(format.string(from: throttled.from))"
                : "they go out from \(format.string(from: throttled.from)) to \(format.string(from: throttled.until))"
            add("\(Self.count(throttled.deliveries, "delivery", "deliveries")) held back by the networks' rate limits.",
                "Nothing to do: \(when), as the limits allow.", resume: nil)
        }
        return entries
    }

    /// What goes out next, as `schedctl status` says it: the first waiting post even when its account or network holds it
    /// (then why, and what goes out first instead), from the same ``StatusView/nextHeld`` and ``StatusView/nextDue``.
    package static func nextLines(_ facts: StatusView, format: DateFormatter) -> [String] {
        var lines: [String] = []
        if let held = facts.nextHeld {
            lines.append("Next due: post \(held.postId) at \(format.string(from: held.dueAt)); waits: \(Self.heldReason(held, facts))")
        }
        if let next = facts.nextDue {
            let everywhere = facts.paused?.everything == true ? "; waits: publishing is paused everywhere" : ""
            lines.append((facts.nextHeld == nil ? "Next due" : "Next out") + ": post \(next.postId) at \(format.string(from: next.dueAt)) to "
                         + Self.count(next.accounts, "account") + everywhere)
        } else if facts.nextHeld == nil {
            lines.append("Next due: nothing scheduled")
        }
        return lines
    }

    /// Why a held post waits, in the page's words (the Resume and relink are on this page and Accounts).
    package static func heldReason(_ held: StatusView.HeldDue, _ facts: StatusView) -> String {
        let network = held.account.split(separator: ":").first.map(String.init) ?? held.account
        switch held.reason {
        case .accountPaused:
            return "\(held.account) is paused (resume it to publish)"
        case .needsRelink:
            return "\(held.account) needs relinking (link it again on Accounts)"
        case .networkPaused:
            let pause = facts.paused?.networks.first { $0.network.rawValue == network }
            let name = Network(rawValue: network)?.displayName ?? network
            return "\(name) is paused (" + (pause.flatMap { $0.byPerson ? nil : $0.remedy }.map { "to publish again: \($0)" } ?? "resume it to publish") + ")"
        case .revoked:
            return "\(held.account) was revoked (add it again to publish)"
        }
    }

    /// Lifts the pause the form names (an account, a network, or everything) as `schedctl resume` does, and goes back to
    /// the page the button was on.
    package func resume(_ request: Request) async throws -> Response {
        let (form, session) = try await admit(request, may: .manageAccounts)
        let back = form["back"] == "/status" ? "/status" : "/"
        let network = form["network"].flatMap(Network.init(rawValue:))
        if form["network"] != nil, network == nil {
            return Self.problemPage(status: .badRequest, heading: "No such network", message: "'\(form["network"] ?? "")' is not a network. Nothing was changed.",
                                    next: back, nextWords: "Back")
        }
        do {
            let view = try await services.recovery.resume(account: form["account"], network: network)
            logger.info("web resume", metadata: ["web.user": "\(session.user.name)", "account": "\(form["account"] ?? "")",
                                                  "network": "\(network?.rawValue ?? "")", "lifted": "\(view.resumed.map { !$0.isEmpty } ?? false)"])
            return Self.redirect(back)
        } catch {
            return try Self.refusal(error, next: back)
        }
    }

    /// "1 delivery", "3 deliveries".
    package static func count(_ number: Int, _ one: String, _ many: String) -> String { "\(number) \(number == 1 ? one : many)" }
}
