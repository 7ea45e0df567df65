/// One emulated network host, served on its own loopback port.
///
/// `graph.facebook.com` serves Facebook and Instagram alike, so the `facebook` listener does too.
struct SandboxListener: Sendable {
    /// The name in ``SandboxServer/baseURLs()`` and in `sandboxd`'s announcement (`x`, `facebook`, `linkedin`).
    var name: String
    /// The configured port; 0 lets the system choose.
    var port: Int = 0
    /// The networks whose API routes this listener serves.
    var networks: [any SandboxNetwork]
    /// How this host answers injected faults (X, Graph or LinkedIn shapes).
    var faultAnswers: any FaultAnswers

    /// The names of the listeners, in the order they are announced.
    static let names = SandboxAnnouncement.hosts
    /// Other names a caller may use for a listener (`instagram` is the Graph listener).
    static let aliases = ["instagram": "facebook"]
}
