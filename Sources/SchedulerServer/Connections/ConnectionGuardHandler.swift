import NIOCore
import NIOHTTPTypes
import SchedulerServices

/// Keeps one admitted connection's place in its listener's ``ConnectionGuard``: busy from a request head to the end of
/// its answer, waiting otherwise, and closed when it has waited for a request head past the deadline. It sits after
/// the HTTP decoder, so a request head counts once it is whole, however slowly its bytes came.
package final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    private let connections: ConnectionGuard
    private var id: UInt64?
    private var requestsInFlight = 0
    private var deadline: Scheduled<Void>?

    /// `id`: the connection as ``ConnectionGuard/admit(peer:close:now:)`` admitted it.
    package init(_ connections: ConnectionGuard, id: UInt64) {
        self.connections = connections
        self.id = id
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        armDeadline(context)
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            requestsInFlight += 1
            if requestsInFlight == 1, let id {
                deadline?.cancel()
                deadline = nil
                connections.requestBegan(id)
            }
        }
        context.fireChannelRead(data)
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), requestsInFlight > 0 {
            requestsInFlight -= 1
            if requestsInFlight == 0, let id {
                connections.requestEnded(id)
                armDeadline(context)
            }
        }
        context.write(data, promise: promise)
    }

    package func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    private func armDeadline(_ context: ChannelHandlerContext) {
        guard let id else { return }
        deadline?.cancel()
        let connections = connections
        let wait = connections.limits.headerDeadline.components
        deadline = context.eventLoop.scheduleTask(in: .nanoseconds(wait.seconds * 1_000_000_000 + wait.attoseconds / 1_000_000_000)) {
            connections.deadlinePassed(id)
        }
    }

    private func release() {
        deadline?.cancel()
        deadline = nil
        if let id { connections.closed(id) }
        id = nil
    }
}
