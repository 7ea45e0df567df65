import Hummingbird
import SchedulerServices

/// Says the daemon's time zone on every answer (`Schedulerd-Zone: Europe/Paris`), beside the `Date` the server sends:
/// a client that shows times in the daemon's zone (`schedctl list`) reads it from the answer it asked for, not from a
/// second request for the whole status.
package struct DaemonZoneMiddleware: RouterMiddleware {
    package typealias Context = ControlContext

    package static let field = HTTPFields.Element.Name("Schedulerd-Zone")!

    package let zone: String

    package func handle(_ request: Request, context: ControlContext, next: (Request, ControlContext) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[Self.field] = zone
        return response
    }
}
