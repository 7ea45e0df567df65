import Hummingbird
import Logging
import ServiceLifecycle

@testable import Sandbox

extension MastodonHarness {
    /// Each instance's routes, and every instance's helpers, on an application of its own at 127.0.0.1 (port chosen by
    /// the system), as ``SandboxServer`` will give each instance a listener; `ports` yields each port once it listens.
    static func applications(for networks: [MastodonSandboxNetwork], logger: Logger) -> ([any Service], AsyncStream<(String, Int)>) {
        let (ports, portSink) = AsyncStream<(String, Int)>.makeStream()
        let services: [any Service] = networks.map { network in
            let router = Router()
            network.addRoutes(to: router)
            for each in networks { each.addHelperRoutes(to: router) }
            let domain = network.instance.domain
            return Application(
                responder: router.buildResponder(),
                configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "sandbox-mastodon-test"),
                onServerRunning: { channel in portSink.yield((domain, channel.localAddress?.port ?? 0)) },
                logger: logger
            )
        }
        return (services, ports)
    }
}
