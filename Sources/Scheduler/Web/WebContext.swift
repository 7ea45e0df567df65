import Hummingbird
import NIOCore

/// A web request's context: Hummingbird's, with the connection's peer, which the login throttle counts by (or, behind
/// a trusted proxy, the address the proxy names).
struct WebContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
