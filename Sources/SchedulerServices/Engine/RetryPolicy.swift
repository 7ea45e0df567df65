import Foundation

/// When to try again: exponential backoff with jitter, never before the time the network asked for.
package struct RetryPolicy: Sendable {
    package var baseSeconds: Double
    package var maxSeconds: Double
    package var maxAttempts: Int

    package init(baseSeconds: Double, maxSeconds: Double, maxAttempts: Int) {
        self.baseSeconds = baseSeconds
        self.maxSeconds = maxSeconds
        self.maxAttempts = maxAttempts
    }

    /// The next attempt time after `attempt` failed at `now`, or nil when the attempts are used up.
    /// Jitter is ±20 % so retries of a burst do not arrive together.
    package func nextAttempt(after attempt: Int, now: Date, networkRetryAt: Date?,
                            jitter: Double = Double.random(in: 0.8...1.2)) -> Date? {
        guard attempt < maxAttempts else { return nil }
        let exponent = Double(min(attempt - 1, 30))
        let backoff = min(maxSeconds, baseSeconds * pow(2, exponent)) * jitter
        let ours = now.addingTimeInterval(backoff)
        guard let networkRetryAt else { return ours }
        return max(ours, networkRetryAt)
    }
}
