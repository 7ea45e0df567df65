import Foundation
import Synchronization

/// Receives the OAuth redirect on `http://127.0.0.1:PORT/callback` (RFC 8252 section 7.3), so a
/// person linking an account from the CLI does not have to copy the address back by hand.
///
/// The socket is bound in `init` on a port the kernel picks, so ``redirectURI`` can go into the
/// authorization URL before the browser opens, and a browser that comes back early waits in the
/// listen queue. ``waitForRedirect(timeout:)`` answers the first `GET` on the path with a small
/// page and returns the full URL; other requests (`/favicon.ico`, speculative connections) are
/// answered or dropped without ending the wait.
///
/// ```swift
/// let listener = try LoopbackRedirectListener()
/// defer { listener.close() }
/// let session = client.startAuthorization(redirectURI: listener.redirectURI)
/// print("Open \(session.url)")
/// let redirect = try await listener.waitForRedirect(timeout: .seconds(300))
/// let code = try OAuth2Client.authorizationCode(fromRedirect: redirect, session: session)
/// ```
///
/// The wait runs on its own thread (blocking in `poll`), not on the concurrency pool.
public final class LoopbackRedirectListener: Sendable {
    /// `http://127.0.0.1:PORT/callback`: the redirect URI to register and send.
    public let redirectURI: String
    /// The port the kernel picked.
    public let port: Int
    let path: String
    private let listenDescriptor: Int32
    private let wake: (read: Int32, write: Int32)
    private let state = Mutex(State())

    private struct State {
        var closed = false
        var waiting = false
        var cancelled = false
        /// Whether the descriptors were released (by ``close()``, or by the wait thread after it).
        var released = false
    }

    /// Binds 127.0.0.1 on a free port at once.
    ///
    /// - Parameter path: the redirect path, starting with `/`.
    /// - Throws: ``LoopbackRedirectError/Code/transport`` when no socket can be opened (then fall back to
    ///   pasting the redirect), ``LoopbackRedirectError/Code/invalidRequest`` for a path without a leading `/`.
    public init(path: String = "/callback") throws(LoopbackRedirectError) {
        guard path.hasPrefix("/"), !path.contains("?"), !path.contains("#"), !path.contains(" ") else {
            throw LoopbackRedirectError(code: .invalidRequest, message: "The loopback redirect path must start with / and contain no ?, # or spaces.")
        }
        let (descriptor, port) = try LoopbackSocket.listen()
        do {
            wake = try LoopbackSocket.wakePipe()
        } catch {
            LoopbackSocket.close(descriptor)
            throw error
        }
        self.listenDescriptor = descriptor
        self.port = port
        self.path = path
        self.redirectURI = "http://127.0.0.1:\(port)\(path)"
    }

    deinit {
        // The wait thread holds `self`, so no wait is running here.
        if !state.withLock({ $0.released }) { releaseDescriptors() }
    }

    /// Waits for the browser to come back and returns the full redirect URL, query included.
    ///
    /// - Throws: ``LoopbackRedirectError/Code/timedOut`` when no browser came back within `timeout`,
    ///   ``LoopbackRedirectError/Code/cancelled`` when the task is cancelled or ``close()`` is called, and
    ///   ``LoopbackRedirectError/Code/invalidRequest`` when another wait is already running.
    public func waitForRedirect(timeout: Duration) async throws(LoopbackRedirectError) -> String {
        try beginWait()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<String, LoopbackRedirectError>, Never>) in
                Thread.detachNewThread {
                    let result = self.runLoop(deadline: ContinuousClock.now + timeout, timeout: timeout)
                    self.endWait()
                    continuation.resume(returning: result)
                }
            }
        } onCancel: {
            state.withLock { $0.cancelled = true }
            LoopbackSocket.wake(wake.write)
        }
        return try result.get()
    }

    /// Stops listening: connecting is refused from now on and a running wait ends with
    /// ``LoopbackRedirectError/Code/cancelled``. Calling it again does nothing.
    public func close() {
        let releaseNow = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.closed = true
            LoopbackSocket.stopListening(listenDescriptor)
            guard !state.waiting else {
                LoopbackSocket.wake(wake.write)
                return false
            }
            state.released = true
            return true
        }
        if releaseNow { releaseDescriptors() }
    }

    private func beginWait() throws(LoopbackRedirectError) {
        let problem = state.withLock { state -> String? in
            if state.closed { return "The loopback listener was closed; start linking again." }
            if state.waiting { return "The loopback listener is already waiting for a redirect." }
            state.waiting = true
            state.cancelled = false
            return nil
        }
        if let problem { throw LoopbackRedirectError(code: problem.contains("closed") ? .cancelled : .invalidRequest, message: problem) }
        LoopbackSocket.drain(wake.read)
    }

    private func endWait() {
        let release = state.withLock { state -> Bool in
            state.waiting = false
            guard state.closed, !state.released else { return false }
            state.released = true
            return true
        }
        if release { releaseDescriptors() }
    }

    private func releaseDescriptors() {
        LoopbackSocket.close(listenDescriptor)
        LoopbackSocket.close(wake.read)
        LoopbackSocket.close(wake.write)
    }

    /// Why the wait must end now, if it must.
    private func interruption() -> LoopbackRedirectError? {
        state.withLock { state in
            if state.closed {
                return LoopbackRedirectError(code: .cancelled, message: "The loopback listener was closed before a browser came back.")
            }
            if state.cancelled {
                return LoopbackRedirectError(code: .cancelled, message: "Waiting for the browser to come back was cancelled.")
            }
            return nil
        }
    }

    /// Accepts and reads connections until the redirect arrives, the deadline passes or the wait is interrupted.
    private func runLoop(deadline: ContinuousClock.Instant, timeout: Duration) -> Result<String, LoopbackRedirectError> {
        var connections = LoopbackConnections()
        defer { connections.closeAll() }
        while true {
            if let interruption = interruption() { return .failure(interruption) }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                return .failure(LoopbackRedirectError(
                    code: .timedOut,
                    message: "No browser came back to \(redirectURI) within \(timeout). Open the authorization link again and approve, or paste the address the browser ends on."
                ))
            }
            let ready = LoopbackSocket.poll([wake.read, listenDescriptor] + connections.descriptors, milliseconds: Self.milliseconds(remaining))
            if ready.contains(wake.read) { LoopbackSocket.drain(wake.read) }
            if ready.contains(listenDescriptor), let accepted = LoopbackSocket.accept(listenDescriptor) {
                connections.add(accepted, now: ContinuousClock.now)
            }
            for descriptor in connections.descriptors where ready.contains(descriptor) {
                if let target = connections.read(descriptor, path: path) {
                    return .success("http://127.0.0.1:\(port)\(target)")
                }
            }
            connections.dropStale(now: ContinuousClock.now)
        }
    }

    /// `duration` for `poll`, rounded up, at least 1 ms and at most a second (so a stale
    /// connection is dropped on time even when nothing else happens).
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(1, min(total, 1_000)))
    }
}
