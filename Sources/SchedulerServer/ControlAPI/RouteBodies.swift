import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SchedulerServices

/// Which routes of the control API read a request body, and how much: every other route reads none.
///
/// Checked before the handler runs (``RouteBodyLimitMiddleware``): a body a route would not read, or one larger than it
/// reads, is refused with 413 at once and the connection closed, so a client never waits on a body nobody reads and the
/// handler never acts on a request sent with junk (issue 25, bug 18). A route that reads a body and is missing here is
/// refused every body, which its own tests show at once; `ControlAPIRouteBodiesTests` checks every entry names a route.
package enum RouteBodies {
    package static let json = ControlRequestBody.maxBytes

    /// `"METHOD /v1/path"` (the route's pattern, as Hummingbird names it) → the most bytes it reads.
    package static let limits: [String: Int] = [
        "POST /v1/posts": json,
        "POST /v1/runs": RunRoutes.maxBytes,
        "PATCH /v1/posts/{id}": json,
        "POST /v1/posts/batch": ControlRequestBody.maxBatchBytes,
        "POST /v1/posts/{id}/schedule": json,
        "POST /v1/posts/{id}/reject": json,
        "PUT /v1/accounts/{ref}/slots": json,
        "POST /v1/handoffs/{id}/done": json,
        "POST /v1/check": json,
        "POST /v1/media": MediaLibrary.maxBytes,
        "POST /v1/accounts": json,
        "POST /v1/links": json,
        "POST /v1/links/{id}/complete": json,
        "POST /v1/sandbox/tokens/{network}": SandboxTokenRoute.maxBytes,
        "POST /v1/deliveries/{id}/retry": json,
        "POST /v1/deliveries/{id}/resolve": json,
        "POST /v1/posts/{id}/retry": json,
        "POST /v1/posts/{id}/resolve": json,
        "POST /v1/pause": json,
        "POST /v1/resume": json,
        "POST /v1/web/users": json,
        "PUT /v1/web/users/{name}/password": json,
    ]

    /// The most bytes the route matched for `method` reads; 0 for a route that reads none.
    package static func limit(method: HTTPRequest.Method, endpoint: String?) -> Int {
        guard let endpoint else { return 0 }
        return limits["\(method.rawValue) \(endpoint)"] ?? 0
    }
}

/// The sandbox's token route: a username in a little JSON, never more.
package enum SandboxTokenRoute {
    package static let maxBytes = 4_096
}

/// Refuses, before the handler starts, a body the route does not read or one declared larger than it reads: 413, and
/// the connection closed rather than drained (its input is shut, so the server writes the answer and closes instead
/// of waiting for the rest of a body the client may never send). A chunked body without a declared length is held to
/// the limit as it is read (``ControlRequestBody/collect(_:upTo:)``).
package struct RouteBodyLimitMiddleware: RouterMiddleware {
    package typealias Context = ControlContext

    package func handle(_ request: Request, context: ControlContext, next: (Request, ControlContext) async throws -> Response) async throws -> Response {
        let limit = RouteBodies.limit(method: request.method, endpoint: context.endpointPath)
        let declared = request.headers[.contentLength].flatMap(Int.init)
        let chunked = request.headers[.transferEncoding]?.lowercased().contains("chunked") == true
        if limit == 0, (declared ?? 0) > 0 || chunked {
            context.channel.close(mode: .input, promise: nil)
            throw BodyTooLargeError(limit: 0, route: "\(request.method.rawValue) \(context.endpointPath ?? request.uri.path)")
        }
        if let declared, declared > limit {
            context.channel.close(mode: .input, promise: nil)
            throw BodyTooLargeError(limit: limit)
        }
        return try await next(request, context)
    }
}
