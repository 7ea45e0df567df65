import Hummingbird
import NIOCore
import SchedulerServices

/// A web request's context: Hummingbird's, with the connection's peer, which the login throttle counts by (or, behind
/// a trusted proxy, the address the proxy names).
package struct WebContext: RequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    package let remoteAddress: SocketAddress?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
