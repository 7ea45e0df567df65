/// Tracks which listeners are up, so callers can wait for their addresses.
///
/// Ports are chosen by the system at bind time; ``SandboxServer/baseURL()`` and
/// ``SandboxServer/baseURLs()`` suspend here until `run()` reports them, and fail instead of
/// hanging when the server stops first.
actor ListenerState {
    private struct Waiter {
        var needs: Set<String>
        var continuation: CheckedContinuation<[String: String], any Error>
    }

    private enum State {
        case starting(urls: [String: String], waiters: [Int: Waiter])
        case stopped(SandboxError)
    }

    private var state: State = .starting(urls: [:], waiters: [:])
    private var nextWaiter = 0

    /// Records that listener `name` is accepting connections at `url`, waking whoever waited for it.
    func listening(_ name: String, at url: String) {
        guard case .starting(var urls, var waiters) = state else { return }
        urls[name] = url
        for (id, waiter) in waiters where waiter.needs.isSubset(of: urls.keys) {
            waiters[id] = nil
            waiter.continuation.resume(returning: urls)
        }
        state = .starting(urls: urls, waiters: waiters)
    }

    /// Records that the server stopped; waiters and later callers get `error`.
    func stopped(_ error: SandboxError) {
        if case .starting(_, let waiters) = state {
            for waiter in waiters.values { waiter.continuation.resume(throwing: error) }
        }
        state = .stopped(error)
    }

    /// The URL of listener `name` once it listens.
    func url(_ name: String) async throws -> String {
        try await urls(needing: [name])[name]!
    }

    /// Every listener's URL once all of `names` listen; throws if the server stops first or the caller is cancelled.
    func urls(needing names: Set<String>) async throws -> [String: String] {
        switch state {
        case .stopped(let error): throw error
        case .starting(let urls, _) where names.isSubset(of: urls.keys): return urls
        case .starting: break
        }
        let id = nextWaiter
        nextWaiter += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                self.wait(id: id, needs: names, continuation: continuation)
            }
        } onCancel: {
            Task { await self.cancelWaiter(id: id) }
        }
    }

    private func wait(id: Int, needs: Set<String>, continuation: CheckedContinuation<[String: String], any Error>) {
        switch state {
        case .starting(let urls, var waiters):
            guard !Task.isCancelled else { return continuation.resume(throwing: CancellationError()) }
            guard !needs.isSubset(of: urls.keys) else { return continuation.resume(returning: urls) }
            waiters[id] = Waiter(needs: needs, continuation: continuation)
            state = .starting(urls: urls, waiters: waiters)
        case .stopped(let error):
            continuation.resume(throwing: error)
        }
    }

    private func cancelWaiter(id: Int) {
        guard case .starting(let urls, var waiters) = state, let waiter = waiters.removeValue(forKey: id) else { return }
        state = .starting(urls: urls, waiters: waiters)
        waiter.continuation.resume(throwing: CancellationError())
    }
}
