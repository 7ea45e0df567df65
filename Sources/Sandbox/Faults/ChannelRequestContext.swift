import Hummingbird
import NIOCore

/// A request context that keeps the connection, so a fault can close it without answering.
///
/// The networks' routes use `BasicRequestContext`; only ``FaultingResponder`` sees this one.
struct ChannelRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request came in on.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// The context the networks' routes expect, for the same connection.
    var basic: BasicRequestContext {
        BasicRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: logger))
    }
}
