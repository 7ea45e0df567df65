import Hummingbird
import Logging
import NIOCore
import SchedulerDomain
import SchedulerServices
import Synchronization

extension ListenAddress {
    /// Serves `router` on this address until the service group shuts it down. `ready` gets the bound address
    /// (`127.0.0.1:PORT`, a port 0 made concrete) once it listens; failing to listen at all is a configuration error
    /// naming `key`, with the system's reason (the port is taken, the address is not this machine's). Every connection
    /// is held to `connections`' limits (``ConnectionGuard``).
    package func serve<Context: RequestContext>(_ router: Router<Context>, key: String, connections: ConnectionGuard, logger: Logger,
                                        ready: @escaping @Sendable (String) -> Void) async throws
        where Context.Source == ApplicationRequestContextSource {
        let listening = Mutex(false)
        let app = Application(router: router,
                              server: GuardedHTTP1Channel.server(connections: connections),
                              configuration: .init(address: .hostname(host, port: port), serverName: nil, backlog: connections.limits.backlog),
                              onServerRunning: { channel in
                                  listening.withLock { $0 = true }
                                  ready(Self.describe(channel.localAddress))
                              }, logger: logger)
        do {
            try await app.run()
        } catch where !listening.withLock({ $0 }) {
            throw ConfigurationError("\(key) = \"\(self)\": cannot listen there: \(PrometheusEndpoint.reason(error)); "
                                     + "choose a free port on an address of this machine")
        }
    }

    /// `127.0.0.1:PORT` or `[::1]:PORT`, as logs and tests read it.
    package static func describe(_ address: SocketAddress?) -> String {
        address.map { "\($0.ipAddress.map { $0.contains(":") ? "[\($0)]" : $0 } ?? ""):\($0.port ?? 0)" } ?? ""
    }
}
