import Hummingbird

/// One emulated network: its API routes and its `/_sandbox/<name>/…` helpers.
///
/// Each network is one type conforming to this. ``SandboxServer`` gives every network host its own
/// listener (as the real networks live on different hosts, and their paths collide); API routes
/// go on the network's own listener, helper routes on every listener, with one shared ``Recorder``.
protocol SandboxNetwork: Sendable {
    /// The name used in records and helper paths (`x`).
    var name: String { get }
    /// Adds the network's API routes to its own listener's router.
    func addRoutes(to router: Router<BasicRequestContext>)
    /// Adds the network's `/_sandbox/<name>/…` helpers; every listener serves them.
    func addHelperRoutes(to router: Router<BasicRequestContext>)
}

extension SandboxNetwork {
    func addHelperRoutes(to router: Router<BasicRequestContext>) {}
}
