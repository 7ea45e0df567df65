import Foundation

/// How hard the engine may push: concurrency and retry limits.
package struct EngineSettings: Sendable {
    /// Deliveries being published at once across all accounts.
    package var maxConcurrentPublishes: Int = 64
    /// Deliveries being published at once to one account.
    package var perAccountConcurrency: Int = 4
    /// Attempts before a retryable failure becomes `failed`.
    package var maxAttempts: Int = 8
    /// First retry wait; doubles each attempt, with jitter.
    package var retryBaseSeconds: Double = 5
    /// Longest wait between attempts.
    package var retryMaxSeconds: Double = 1_800
    package var requestTimeoutSeconds: Int = 30
    /// How long a network may go on processing a request after our timeout gave up on it: a post whose
    /// outcome is unknown is looked up no earlier than its last request's start + the timeout + this.
    package var inFlightMarginSeconds: Int = 30
    /// How long a published post may take to appear in the account's listing: a look-up that finds nothing
    /// looks once more after this, before anything is sent again.
    package var listingLagSeconds: Int = 30

    package init() {}
}
