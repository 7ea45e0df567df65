/// Tracks whether the sandbox is listening, so callers can wait for its address.
///
/// The port is chosen by the system at bind time; ``SandboxServer/baseURL()`` suspends here until
/// `run()` reports it, and fails instead of hanging when the server stops first.
actor ListenerState {
    private enum State {
        case starting(waiters: [Int: CheckedContinuation<String, any Error>])
        case listening(String)
        case stopped(SandboxError)
    }

    private var state: State = .starting(waiters: [:])
    private var nextWaiter = 0

    /// Records the listening address and wakes everyone waiting for it.
    func listening(at url: String) {
        guard case .starting(let waiters) = state else { return }
        state = .listening(url)
        for waiter in waiters.values { waiter.resume(returning: url) }
    }

    /// Records that the server stopped; waiters and later callers get `error`.
    func stopped(_ error: SandboxError) {
        if case .starting(let waiters) = state {
            for waiter in waiters.values { waiter.resume(throwing: error) }
        }
        state = .stopped(error)
    }

    /// The base URL once listening; throws if the server stops first or the caller is cancelled.
    func url() async throws -> String {
        switch state {
        case .listening(let url): return url
        case .stopped(let error): throw error
        case .starting: break
        }
        let id = nextWaiter
        nextWaiter += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                self.wait(id: id, continuation: continuation)
            }
        } onCancel: {
            Task { await self.cancelWaiter(id: id) }
        }
    }

    private func wait(id: Int, continuation: CheckedContinuation<String, any Error>) {
        switch state {
        case .starting(var waiters):
            guard !Task.isCancelled else { return continuation.resume(throwing: CancellationError()) }
            waiters[id] = continuation
            state = .starting(waiters: waiters)
        case .listening(let url): continuation.resume(returning: url)
        case .stopped(let error): continuation.resume(throwing: error)
        }
    }

    private func cancelWaiter(id: Int) {
        guard case .starting(var waiters) = state, let waiter = waiters.removeValue(forKey: id) else { return }
        state = .starting(waiters: waiters)
        waiter.resume(throwing: CancellationError())
    }
}
