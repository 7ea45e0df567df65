import SchedulerServices

/// How many connections one listener holds, and for how long one may wait before sending a request.
///
/// Anyone who can reach a listener can open connections and send half a request header (a "slow loris"): each such
/// connection holds a descriptor in the daemon until it is closed. Without limits, a few hundred of them took the
/// daemon to its descriptor limit, its control API went silent and libdispatch trapped (issue 46). So every listener
/// closes a connection that has sent no complete request head within ``headerDeadline``, holds at most
/// ``connections`` at once (and at most ``perPeer`` from one address), and lets at most ``waitingForHeaders`` of them
/// wait for a request head. When a limit is reached, the connection that has waited longest for its head makes room
/// for the new one: a client that sends its request promptly always gets in, however many connections stall.
package struct ConnectionLimits: Sendable, Equatable {
    /// Connections held at once on this listener.
    package var connections: Int
    /// Connections held at once from one peer address (TCP listeners only; the control socket's peers are all local).
    package var perPeer: Int?
    /// Connections that have not sent a complete request head yet (new, or idle between two requests).
    package var waitingForHeaders: Int
    /// How long a connection may wait before its request head is complete (also the keep-alive idle time).
    package var headerDeadline: Duration
    /// Connections the kernel queues before the daemon accepts them (`listen`'s backlog; the kernel caps it at
    /// `net.core.somaxconn`, 4096 by default). Closed connections come back at once from a storm's clients, and they queue
    /// ahead of a person's: with a backlog as long as the storm is large, a connect still gets in line rather than
    /// failing at once (a Unix socket's full backlog fails a non-blocking connect with EAGAIN, which libcurl gives up on).
    package var backlog: Int

    package init(connections: Int, perPeer: Int?, waitingForHeaders: Int, headerDeadline: Duration = .seconds(5), backlog: Int) {
        self.connections = connections
        self.perPeer = perPeer
        self.waitingForHeaders = waitingForHeaders
        self.headerDeadline = headerDeadline
        self.backlog = backlog
    }

    /// The control socket: schedctl, scripts through a bridge, `events --follow` streams. Only the daemon's user and root
    /// can connect; a peer is a process, and 128 each is more than a command or a script with a pool of connections needs.
    ///
    /// On every listener one peer's limit is no more than the limit of connections waiting for a request head: one peer
    /// alone then never makes the listener close a waiting connection, so its storm is held (or refused), not churned.
    package static let controlSocket = ConnectionLimits(connections: 256, perPeer: 128, waitingForHeaders: 128, backlog: 4_096)
    /// `[web] listen`: browsers open up to six connections each, and a reverse proxy one per request in flight; 32 from
    /// one address lets a club behind one NAT (or a proxy) in, and keeps one address from holding them all.
    package static let web = ConnectionLimits(connections: 256, perPeer: 32, waitingForHeaders: 64, backlog: 4_096)
    /// `[metrics] listen`: a scraper or two.
    package static let metrics = ConnectionLimits(connections: 16, perPeer: 8, waitingForHeaders: 8, backlog: 256)
}
