import Foundation
import Hummingbird
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// The event log: a page of it, or with `follow=true` newline-delimited JSON that goes on as events happen.
package struct EventRoutes: Sendable {
    package let events: EventService

    package func add(to v1: RouterGroup<ControlContext>) {
        v1.get("events") { request, _ -> Response in
            let query = request.uri.queryParameters
            let after = try query.get("after").map { raw -> Int64 in
                guard let id = Int64(raw), id >= 0 else { throw RequestError.badRequest("after must be an event id (a whole number), not '\(raw)'") }
                return id
            }
            let limit = try RouteParameters.integer(query.get("limit"), name: "limit", default: 50, range: 1...1_000)
            let backlog = try await events.events(after: after, limit: limit)
            guard query.get("follow") == "true" else { return try RouteParameters.json(backlog, status: .ok) }
            return Self.stream(try await events.follow(backlog: backlog, after: after ?? 0))
        }
    }

    /// The backlog, then every new event as it is stored, until the client goes or the daemon stops.
    private static func stream(_ follow: EventFollow) -> Response {
        let body = ResponseBody { writer in
            defer { Task { await follow.end() } }
            var seen = follow.caughtUp
            for event in follow.stored {
                try await writer.write(line(event))
                seen = max(seen, event.id ?? 0)
            }
            for await event in follow.live where (event.id ?? 0) > seen {
                try await writer.write(line(event))
                seen = event.id ?? seen
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: body)
    }

    private static func line(_ event: EventView) throws -> ByteBuffer {
        var data = try JSONCoding.encoder().encode(event)
        data.append(0x0A)
        return ByteBuffer(bytes: data)
    }
}
