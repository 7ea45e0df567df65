import Foundation
import Hummingbird
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// Planning: posting slots and the queue, the calendar (posts in a range, or day by day in a zone), and the
/// occurrences of repeating posts not made yet.
package struct PlanningRoutes: Sendable {
    package let queue: QueueService
    package let calendar: CalendarService

    package func add(to v1: RouterGroup<ControlContext>) {
        v1.get("slots") { request, _ -> [SlotsView] in try await queue.allSlots(account: request.uri.queryParameters.get("account").map { String($0) }) }
        v1.put("accounts/:ref/slots") { request, context in
            let body = try await ControlRequestBody.decode(SetSlotsRequest.self, from: request)
            return try await queue.setSlots(try RouteParameters.reference(context), body)
        }
        v1.delete("accounts/:ref/slots") { _, context in try await queue.clearSlots(try RouteParameters.reference(context)) }
        v1.get("queue") { request, _ -> [QueueView] in try await queue.queue(account: request.uri.queryParameters.get("account").map { String($0) }) }
        v1.get("calendar") { request, _ -> [PostView] in
            let range = try Self.range(request)
            return try await calendar.posts(from: range.from, to: range.to, account: Self.account(request))
        }
        // Day by day in a zone, each day's first posts and count, and the occurrences not made yet: what `schedctl calendar` draws.
        v1.get("calendar/days") { request, _ -> [CalendarDayView] in
            let query = request.uri.queryParameters
            guard let first = query.get("from").map({ String($0) }) else { throw RequestError.badRequest("the calendar needs from, a day such as 2026-12-01") }
            let zoneName = query.get("zone").map { String($0) } ?? "UTC"
            guard let zone = TimeZone(identifier: zoneName) else { throw RequestError.badRequest(Suggestions.zoneProblem(zoneName) ?? zoneName) }
            let count = try RouteParameters.integer(query.get("days"), name: "days", default: 7, range: 1...42)
            let perDay = try RouteParameters.integer(query.get("per_day"), name: "per_day", default: 12, range: 1...100)
            return try await calendar.days(firstDay: first, count: count, zone: zone, perDay: perDay, account: Self.account(request))
        }
        // The occurrences of repeating posts in the same range that are not posts yet (made four weeks ahead).
        v1.get("series/planned") { request, _ -> [PlannedOccurrenceView] in
            let range = try Self.range(request)
            return try await calendar.planned(from: range.from, to: range.to, account: Self.account(request))
        }
    }

    private static func account(_ request: Request) -> String? { request.uri.queryParameters.get("account").map { String($0) } }

    /// `from` and `to` of a calendar request: RFC 3339 instants at most 400 days apart.
    private static func range(_ request: Request) throws -> (from: Date, to: Date) {
        let query = request.uri.queryParameters
        guard let from = query.get("from").flatMap({ RFC3339.parse(String($0)) }), let to = query.get("to").flatMap({ RFC3339.parse(String($0)) }),
              from < to, to.timeIntervalSince(from) <= 400 * 86_400 else {
            throw RequestError.badRequest("the calendar needs from and to, RFC 3339 instants at most 400 days apart (from before to)")
        }
        return (from, to)
    }
}
