import Hummingbird
import Logging
import ServiceLifecycle

@testable import Sandbox

extension ThreadsHarness {
    /// The network's routes and helpers, with the shared `/_sandbox/…` records and files, on their own application at
    /// 127.0.0.1, port chosen by the system; `ports` yields the port once it listens. Apart from the harness so
    /// Hummingbird's HTTP types stay out of it.
    static func application(for network: ThreadsSandboxNetwork, recorder: Recorder, logger: Logger) -> (any Service, AsyncStream<Int>) {
        let router = Router()
        network.addRoutes(to: router)
        network.addHelperRoutes(to: router)
        SandboxControlRoutes(recorder: recorder, files: SandboxFileShelf(), listeners: { [:] }).addRoutes(to: router)
        ListingControlRoutes(settings: network.environment.listings).addRoutes(to: router)
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        let application = Application(
            responder: router.buildResponder(),
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "sandbox-threads-test"),
            onServerRunning: { channel in portSink.yield(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        return (application, ports)
    }
}
