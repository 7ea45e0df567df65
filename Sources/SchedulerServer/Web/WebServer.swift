import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import SchedulerServices
import ServiceLifecycle
import Synchronization

/// The web app on `[web] listen`: Hummingbird serving server-rendered pages over the same services as the control
/// API. Nothing is decided here: ``WebPages`` translates requests into service calls and answers into pages.
package final class WebServer: Service, Sendable {
    package let configuration: WebConfiguration
    package let pages: WebPages
    package let connections: ConnectionGuard
    package let logger: Logger
    private let address = AsyncStream<String>.makeStream()

    package init(configuration: WebConfiguration, pages: WebPages, connections: ConnectionGuard, logger: Logger) {
        self.configuration = configuration
        self.pages = pages
        self.connections = connections
        self.logger = logger
    }

    package var description: String { "WebServer" }

    /// The address it listens on, once it does (a port 0 made concrete).
    package func boundAddress() async -> String? {
        var iterator = address.stream.makeAsyncIterator()
        return await iterator.next()
    }

    package func run() async throws {
        let router = Self.router(pages)
        let continuation = address.continuation
        let logger = logger
        try await configuration.listen.serve(router, key: "[web] listen", connections: connections, logger: logger) { bound in
            logger.info("web app ready", metadata: ["web.address": "\(bound)"])
            continuation.yield(bound)
            continuation.finish()
        }
    }
}

extension WebServer {
    /// The pages behind their middleware: what the listener serves, and what the in-process tests drive.
    package static func router(_ pages: WebPages) -> Router<WebContext> {
        // HEAD answers as GET does, without the body: the same status and headers (Hummingbird routes it only when asked).
        let router = Router(context: WebContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: StoreFailurePages(health: pages.services.health))
        pages.add(to: router)
        return router
    }
}

/// A page that failed because of the store says why (a full disk, a lock held elsewhere) with 503, as the control API
/// does, and ``StoreHealth`` hears of it; a change that works again clears it.
package struct StoreFailurePages<Context: RequestContext>: RouterMiddleware {
    package let health: StoreHealth

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await health.watching(changes: request.method != .get && request.method != .head, { try await next(request, context) },
                                             worked: { $0.status.code < 500 })
        } catch let unavailable as StoreHealth.Unavailable {
            let message = unavailable.refusal.message
            throw WebRefusal(response: WebPages.problemPage(status: .serviceUnavailable, heading: "The database cannot be used now",
                                                            message: message.prefix(1).uppercased() + message.dropFirst(),
                                                            next: "/", nextWords: "Back to Today"))
        }
    }
}

/// The headers every answer carries, pages and errors alike: no script but the app's own file, nothing from another
/// origin, no framing, no referrer to other sites, no type sniffing, nothing cached.
package struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    package static var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'"
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let refusal as WebRefusal {
            response = refusal.response
        } catch let error as HTTPError where error.status == .notFound {
            response = WebPages.problemPage(status: .notFound, heading: "Not found", message: "There is no page at this address.",
                                            next: "/", nextWords: "Back to Today")
        } catch WebFormError.notFromThisApp {
            response = WebPages.csrfRefusal()
        } catch WebFormError.cutShort {
            response = WebPages.cutShortPage()
        } catch let error as HTTPError where error.status == .contentTooLarge {
            response = WebPages.problemPage(status: .contentTooLarge, heading: "Too large",
                                            message: "What was sent is larger than this page takes: 40 MB with a file (a picture or a run), 64 KB without. Nothing was changed.",
                                            next: "/", nextWords: "Back to Today")
        } catch {
            // Never a stack trace or an internal message in a page: the log has the error, the person a way on.
            context.logger.error("a web page failed", metadata: ["error": "\(error)", "http.path": "\(request.uri.path)"])
            response = WebPages.problemPage(status: .internalServerError, heading: "Something went wrong",
                                            message: "The page could not be made just now. Nothing was changed; try again in a moment.",
                                            next: "/", nextWords: "Back to Today")
        }
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
