/// Waits until `condition` holds or `within` has passed, checking every few milliseconds; returns
/// whether it held. For states a test cannot be told about, such as a request the server is holding.
func eventually(within: Duration, _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + within
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(20))  // pacing between checks, not the wait itself
    }
    return try await condition()
}
