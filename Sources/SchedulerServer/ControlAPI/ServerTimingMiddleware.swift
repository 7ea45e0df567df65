import Foundation
import Hummingbird
import SchedulerServices

/// Tells the client how long the daemon took to answer (`Server-Timing: app;dur=MS`, W3C Server Timing), so a
/// benchmark can tell the daemon's time from the client's and the socket's.
package struct ServerTimingMiddleware: RouterMiddleware {
    package typealias Context = ControlContext

    package static let field = HTTPFields.Element.Name("Server-Timing")!

    package func handle(_ request: Request, context: ControlContext, next: (Request, ControlContext) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        response.headers[Self.field] = "app;dur=" + String(format: "%.3f", milliseconds)
        return response
    }
}
