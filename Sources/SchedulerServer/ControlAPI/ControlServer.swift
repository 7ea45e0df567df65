import Foundation
import HTTPClient
import Hummingbird
import Logging
import NIOCore
import SchedulerServices
import ServiceLifecycle

/// The control API on a Unix socket: HTTP/1.1 + JSON, mode 0600, peer uid checked.
package struct ControlServer {
    package let socketPath: String
    package let routes: ControlAPIRoutes
    /// The socket's limits on connections (``ConnectionLimits/controlSocket``).
    package let connections: ConnectionGuard
    package let logger: Logger
    /// Called once the socket is bound and private: the daemon is ready.
    package let onReady: @Sendable () async -> Void

    package func makeService() throws -> some Service {
        try Self.clearStaleSocket(socketPath)
        let router = Self.router(routes)
        let path = socketPath
        let logger = logger
        let onReady = onReady
        let connections = connections
        return Application(
            router: router,
            server: GuardedHTTP1Channel.server(.init(idleTimeout: .seconds(30)), connections: connections,
                                               handlers: { [PeerCredentialCheck(logger: logger)] }),
            configuration: .init(address: .unixDomainSocket(path: path), serverName: nil, backlog: connections.limits.backlog),
            onServerRunning: { _ in
                chmod(path, 0o600)
                logger.info("control socket ready", metadata: ["socket.path": "\(path)"])
                await onReady()
            },
            logger: logger)
    }

    /// The control API's routes behind its middleware: what the socket serves, and what the contract test lists.
    package static func router(_ routes: ControlAPIRoutes) -> Router<ControlContext> {
        let router = Router(context: ControlContext.self)
        router.add(middleware: ServerTimingMiddleware())
        router.add(middleware: DaemonZoneMiddleware(zone: routes.zone))
        router.add(middleware: ErrorMappingMiddleware(health: routes.health))
        router.add(middleware: RouteBodyLimitMiddleware())
        routes.add(to: router)
        return router
    }

    /// A socket file left by a daemon that died is removed; one that still answers means another
    /// daemon is running, and starting a second one is refused.
    package static func clearStaleSocket(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw ConfigurationError("\(path) exists and is not a socket; choose another --socket path")
        }
        if UnixSocketProbe.isAcceptingConnections(path) {
            throw ConfigurationError("another schedulerd is already serving \(path); stop it first or use --socket")
        }
        unlink(path)
    }
    package init(socketPath: String, routes: ControlAPIRoutes, connections: ConnectionGuard, logger: Logger, onReady: @escaping @Sendable () async -> Void) {
        self.socketPath = socketPath
        self.routes = routes
        self.connections = connections
        self.logger = logger
        self.onReady = onReady
    }
}
