import Hummingbird

/// One emulated network: its API routes and its `/_sandbox/<name>/…` helpers.
///
/// Each network (X today; Facebook, LinkedIn, Instagram later) is one type conforming to this,
/// added to ``SandboxServer``'s list; the server owns the listener and the shared ``Recorder``.
protocol SandboxNetwork: Sendable {
    /// The name used in records and helper paths (`x`).
    var name: String { get }
    /// Adds the network's routes to the shared router.
    func addRoutes(to router: Router<BasicRequestContext>)
}
