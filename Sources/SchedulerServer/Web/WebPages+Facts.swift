import Foundation
import Hummingbird
import SchedulerCore
import SchedulerServices

/// The event log (what `schedctl events` lists) and, for an owner, the daemon's status (what `schedctl status` says).
extension WebPages {
    package func addFactRoutes(to router: Router<WebContext>) {
        router.get("events") { request, _ in try await eventsPage(request) }
        router.get("status") { request, _ in try await statusPage(request) }
    }

    package func eventsPage(_ request: Request) async throws -> Response {
        let session = try await requireSession(request)
        var context = layout(session, title: "Events")
        let format = timeFormat(request)
        do {
            let events = try await services.events.events(after: nil, limit: 100)
            context["events"] = events.reversed().map { event -> [String: Any] in
                var entry: [String: Any] = ["kind": event.event.replacingOccurrences(of: "_", with: " "), "at": format.string(from: event.at),
                                            "message": event.message]
                if let post = event.postId { entry["post"] = post }
                return entry
            }
        } catch {
            context["storeDown"] = "The database does not answer just now, so the events cannot be shown; reload in a moment."
        }
        return Self.page("events", context)
    }

    package func statusPage(_ request: Request) async throws -> Response {
        let session = try await requireSession(request)
        guard session.user.role.may(.manageAccounts) else { return Self.notAllowed(session, .manageAccounts) }
        var context = layout(session, title: "Status")
        let format = timeFormat(request)
        do {
            let facts = try await services.status()
            var lines = ["Version \(facts.version)\(facts.sandbox ? ", in sandbox mode" : ""), running since \(format.string(from: facts.startedAt))"]
            lines.append("Deliveries: " + facts.deliveries.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key.replacingOccurrences(of: "_", with: " "))" }
                .joined(separator: ", "))
            lines += Self.nextLines(facts, format: format)
            for account in facts.accountsNeedingAttention { lines.append("Needs attention: " + Self.attentionLine(account, now: facts.now)) }
            for warning in facts.warnings ?? [] { lines.append("Warning: \(warning)") }
            if let hooks = facts.hooks, hooks.waiting > 0 || hooks.givenUp > 0 {
                lines.append("Notification hooks: \(hooks.waiting) events waiting, \(hooks.givenUp) given up" + (hooks.lastError.map { " (last error: \($0))" } ?? ""))
            }
            context["facts"] = lines
            context.merge(holdsContext(facts, format: format, session: session, back: "/status")) { $1 }
        } catch {
            context["storeDown"] = "The database does not answer just now; publishing goes on once it is back. Reload in a moment."
        }
        return Self.page("status", context)
    }
}
