/// The sandbox's memory of what every network accepted, refused, issued and revoked, in arrival order.
///
/// One actor shared by all network emulations and all their listeners, so `GET /_sandbox/received`
/// shows a single timeline whichever listener is asked, and a test can assert on exactly what
/// reached "the network". Nothing recorded here holds a token, secret, code or verifier.
public actor Recorder {
    private var accepted: [ReceivedRequest] = []
    private var refused: [RejectedRequest] = []
    private var issuedTokens: [IssuedToken] = []
    private var revocations: [TokenRevocation] = []
    private var retiredVersionCalls: [RetiredVersionCall] = []
    /// Every token and secret value handed out, kept apart from the records so leak tests know what to look for.
    private var secretValues: [String] = []
    /// Those waiting for a number of accepted requests whose text starts with a prefix (``received(textPrefix:atLeast:timeout:)``).
    private var waiters: [UInt64: ReceivedWaiter] = [:]
    private var nextWaiterID: UInt64 = 0

    private struct ReceivedWaiter {
        var textPrefix: String
        var missing: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    public init() {}

    /// Remembers an accepted publish.
    public func record(_ request: ReceivedRequest) {
        accepted.append(request)
        guard !waiters.isEmpty, let text = request.text else { return }
        for (id, var waiter) in waiters where text.hasPrefix(waiter.textPrefix) {
            waiter.missing -= 1
            if waiter.missing <= 0 {
                waiters[id] = nil
                waiter.continuation.resume()
            } else {
                waiters[id] = waiter
            }
        }
    }

    /// The accepted requests whose text starts with `textPrefix`, once there are at least `count` of them or
    /// `timeout` has passed, whichever is first: a benchmark or test waits on the condition, without polling a
    /// record that grows by thousands.
    public func received(textPrefix: String, atLeast count: Int, timeout: Duration) async -> [ReceivedRequest] {
        let missing = count - accepted.count { $0.text?.hasPrefix(textPrefix) == true }
        if missing > 0 {
            nextWaiterID += 1
            let id = nextWaiterID
            let timer = Task {
                try? await Task.sleep(for: timeout)
                self.endWait(id)
            }
            // Registered on the actor before it can suspend, so no record is missed and the timer cannot come first.
            await withCheckedContinuation { continuation in
                waiters[id] = ReceivedWaiter(textPrefix: textPrefix, missing: missing, continuation: continuation)
            }
            timer.cancel()
        }
        return accepted.filter { $0.text?.hasPrefix(textPrefix) == true }
    }

    private func endWait(_ id: UInt64) {
        waiters.removeValue(forKey: id)?.continuation.resume()
    }

    /// Remembers a refused request.
    public func record(_ request: RejectedRequest) {
        refused.append(request)
    }

    /// Remembers that a credential was issued.
    public func record(_ token: IssuedToken) {
        issuedTokens.append(token)
    }

    /// Remembers a revocation.
    public func record(_ revocation: TokenRevocation) {
        revocations.append(revocation)
    }

    /// Remembers a call that named a retired API version.
    public func record(_ call: RetiredVersionCall) {
        retiredVersionCalls.append(call)
    }

    /// Every call that named a retired API version, oldest first.
    public func retiredVersions() -> [RetiredVersionCall] {
        retiredVersionCalls
    }

    /// Remembers a value the sandbox issued as a secret (access and refresh tokens, OAuth 1.0a token pairs).
    public func rememberSecret(_ value: String) {
        secretValues.append(value)
    }

    /// Every secret value issued so far: only for tests that prove none of them leaked.
    public func secrets() -> [String] {
        secretValues
    }

    /// Every accepted publish, oldest first.
    public func received() -> [ReceivedRequest] {
        accepted
    }

    /// Every refused request, oldest first.
    public func rejected() -> [RejectedRequest] {
        refused
    }

    /// Every credential issued, oldest first.
    public func issued() -> [IssuedToken] {
        issuedTokens
    }

    /// Every revocation, oldest first.
    public func revoked() -> [TokenRevocation] {
        revocations
    }
}
