import Foundation
import Hummingbird
import SchedulerCore

extension HistoryView: ResponseEncodable {}
extension PauseView: ResponseEncodable {}
extension EventView: ResponseEncodable {}

/// Routes for what a person does when something went wrong: retry and resolve (by post, or by one delivery), pause,
/// history, events.
struct RecoveryRoutes: Sendable {
    let store: any PostStore & EventStore
    let recovery: RecoveryService
    let events: EventBus?
    /// Wakes the engine after a resume.
    let wake: WakeSignal

    func add(to v1: RouterGroup<ControlContext>) {
        v1.post("posts/:id/retry") { request, context in
            let body = try await Self.optionalBody(RetryDeliveryRequest.self, request) ?? RetryDeliveryRequest()
            return try await recovery.retry(postID: try ControlAPIRoutes.postID(context), deliveryID: body.delivery, force: body.force ?? false)
        }
        v1.post("deliveries/:id/retry") { request, context in
            let body = try await Self.optionalBody(RetryDeliveryRequest.self, request) ?? RetryDeliveryRequest()
            return try await recovery.retry(deliveryID: try Self.deliveryID(context), force: body.force ?? false)
        }
        v1.post("posts/:id/resolve") { request, context in
            let body = try await ControlRequestBody.decode(ResolveDeliveryRequest.self, from: request)
            return try await recovery.resolve(postID: try ControlAPIRoutes.postID(context), deliveryID: body.delivery, url: body.publishedUrl)
        }
        v1.post("deliveries/:id/resolve") { request, context in
            let body = try await ControlRequestBody.decode(ResolveDeliveryRequest.self, from: request)
            return try await recovery.resolve(deliveryID: try Self.deliveryID(context), url: body.publishedUrl)
        }
        v1.get("posts/:id/history") { _, context in try await store.history(postID: try ControlAPIRoutes.postID(context)) }
        v1.post("pause") { request, _ in
            let body = try await Self.optionalBody(PauseRequest.self, request) ?? PauseRequest()
            return try await store.pause(account: body.account, network: body.network, paused: true)
        }
        v1.post("resume") { request, _ in
            let body = try await Self.optionalBody(PauseRequest.self, request) ?? PauseRequest()
            let view = try await store.pause(account: body.account, network: body.network, paused: false)
            wake.signal()
            return view
        }
        v1.get("events") { request, _ -> Response in
            let query = request.uri.queryParameters
            let after = try query.get("after").map { raw -> Int64 in
                guard let id = Int64(raw), id >= 0 else { throw RequestError.badRequest("after must be an event id (a whole number), not '\(raw)'") }
                return id
            }
            let limit = try ControlAPIRoutes.integer(query.get("limit"), name: "limit", default: 50, range: 1...1_000)
            let backlog: [EventView]
            if let after { backlog = try await store.events(after: after, limit: limit) } else { backlog = try await store.recentEvents(limit) }
            guard query.get("follow") == "true" else { return try ControlAPIRoutes.json(backlog, status: .ok) }
            return try await follow(backlog: backlog, after: after ?? 0)
        }
    }

    /// Newline-delimited JSON: the backlog, then every new event as it is stored, until the client goes
    /// or the daemon stops. Subscribing before reading what is new means nothing falls between the two.
    private func follow(backlog: [EventView], after: Int64) async throws -> Response {
        guard let events else { throw RequestError(.unavailable, "this daemon does not stream events") }
        guard let (id, stream) = await events.follow() else {
            throw RequestError(.unavailable, "too many followers are connected (at most \(EventBus.maxFollowers))")
        }
        let caughtUp = max(after, backlog.last?.id ?? 0)
        let stored = backlog + (try await store.events(after: caughtUp, limit: 1_000))
        let body = ResponseBody { writer in
            defer { Task { await events.unfollow(id) } }
            var seen = caughtUp
            for event in stored {
                try await writer.write(Self.line(event))
                seen = max(seen, event.id ?? 0)
            }
            for await event in stream where (event.id ?? 0) > seen {
                try await writer.write(Self.line(event))
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

    static func deliveryID(_ context: ControlContext) throws -> Int64 {
        let raw = context.parameters.get("id") ?? ""
        guard let id = Int64(raw), id > 0 else {
            throw RequestError.badRequest("'\(raw)' is not a delivery id (a positive number; `schedctl show POST` lists them)")
        }
        return id
    }

    /// An empty body means all defaults.
    static func optionalBody<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T? {
        var request = request
        let buffer = try await ControlRequestBody.collect(&request, upTo: ControlRequestBody.maxBytes)
        guard buffer.readableBytes > 0 else { return nil }
        return try ControlRequestBody.decodeData(T.self, Data(buffer.readableBytesView))
    }
}
