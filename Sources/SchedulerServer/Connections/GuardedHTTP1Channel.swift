import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import SchedulerServices

/// Hummingbird's HTTP/1.1 child channel behind a ``ConnectionGuard``: each accepted connection is admitted before its
/// HTTP parser is set up, and one refused is closed there, before it costs more than its accept. A storm of
/// connections is then mostly refusals, cheap enough that a person's request queued behind it is answered within a
/// second (issue 46).
package struct GuardedHTTP1Channel: ServerChildChannel {
    package typealias Value = HTTP1Channel.Value

    package let base: HTTP1Channel
    package let connections: ConnectionGuard
    /// Handlers before the guard's own (the control socket's peer check), made for each connection.
    package let handlers: @Sendable () -> [any RemovableChannelHandler]

    /// The server to give `Application(router:server:…)`: HTTP/1.1 with `configuration`, every connection guarded.
    package static func server(_ configuration: HTTP1Channel.Configuration = .init(), connections: ConnectionGuard,
                       handlers: @escaping @Sendable () -> [any RemovableChannelHandler] = { [] }) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            GuardedHTTP1Channel(base: HTTP1Channel(responder: responder, configuration: configuration), connections: connections, handlers: handlers)
        }
    }

    /// Connections not served fail their set-up: NIO's server leaves such a child alone (unregistered, unread) without
    /// ending the listener, and the guard closes it.
    package struct Refused: Error {}

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        peer(of: channel).flatMap { peer in
            let connections = connections
            let id: UInt64
            switch connections.admit(peer: peer, close: { channel.close(promise: nil) }) {
            case .serve(let served):
                id = served
            case .hold(let held):
                // Never registered for reading, so nothing it sends is read; closed at the deadline (or for room).
                let wait = connections.limits.headerDeadline.components
                channel.eventLoop.scheduleTask(in: .nanoseconds(wait.seconds * 1_000_000_000 + wait.attoseconds / 1_000_000_000)) {
                    connections.heldDeadlinePassed(held)
                }
                return channel.eventLoop.makeFailedFuture(Refused())
            case .refuse:
                channel.close(promise: nil)
                return channel.eventLoop.makeFailedFuture(Refused())
            }
            var configuration = base.configuration
            let handlers = handlers
            configuration.additionalChannelHandlers = { handlers() + [ConnectionGuardHandler(connections, id: id)] }
            let setUp = HTTP1Channel(responder: base.responder, configuration: configuration).setup(channel: channel, logger: logger)
            setUp.whenFailure { _ in connections.closed(id) }
            return setUp
        }
    }

    package func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }

    /// The peer a limit counts against: its IP address on a TCP listener, its process on the Unix socket (every peer
    /// there is this machine's, and the daemon's user or root).
    private func peer(of channel: any Channel) -> EventLoopFuture<String?> {
        if let address = channel.remoteAddress?.ipAddress { return channel.eventLoop.makeSucceededFuture(address) }
        guard let credentials = PeerCredentials.read(channel) else { return channel.eventLoop.makeSucceededFuture(nil) }
        return credentials.map { "pid \($0.pid)" }.recover { _ in nil }
    }
}
