import Foundation
import Logging
import NIOCore
import SchedulerServices

/// Closes any control-socket connection whose peer runs as another user than the daemon (root excepted):
/// the socket's 0600 mode is the first guard, this is the second.
package final class PeerCredentialCheck: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    package typealias InboundIn = NIOAny

    package let allowedUID: UInt32
    package let logger: Logger

    package init(allowedUID: UInt32 = getuid(), logger: Logger) {
        self.allowedUID = allowedUID
        self.logger = logger
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        let allowed = allowedUID
        let logger = logger
        PeerCredentials.read(channel)?.whenComplete { result in
            switch result {
            case .success(let peer) where peer.uid == allowed || peer.uid == 0:
                return
            case .success(let peer):
                logger.warning("control connection refused: peer runs as another user", metadata: ["peer.uid": "\(peer.uid)"])
                channel.close(promise: nil)
            case .failure:
                logger.warning("control connection refused: peer credentials unavailable")
                channel.close(promise: nil)
            }
        }
    }
}

/// `struct ucred` from <sys/socket.h>: the process at the other end of a Unix socket.
package struct PeerCredentials: Sendable {
    package var pid: Int32 = 0
    package var uid: UInt32 = 0
    package var gid: UInt32 = 0

    private static let soPeerCred: Int32 = 17  // SO_PEERCRED on Linux

    /// The peer's credentials (read at once when called on the channel's event loop), or nil for a channel that has none.
    package static func read(_ channel: any Channel) -> EventLoopFuture<PeerCredentials>? {
        guard let provider = channel as? any SocketOptionProvider else { return nil }
        return provider.unsafeGetSocketOption(level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(soPeerCred))
    }
}
