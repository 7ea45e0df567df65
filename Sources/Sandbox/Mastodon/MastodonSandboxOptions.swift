/// How one emulated instance behaves beyond its published settings: its rate limits and how long work takes.
///
/// Apart from ``MastodonInstanceSettings`` because nothing here is visible in `GET /api/v2/instance`; tests pass small
/// limits and short delays.
public struct MastodonSandboxOptions: Sendable, Equatable {
    public var rateLimits: MastodonRateLimits
    /// Seconds of the sandbox's clock an upload stays processing: `POST /api/v2/media` answers 202 with `url: null`
    /// and `GET /api/v1/media/:id` 206 until then, and a status may not attach it. Zero answers 200 at once, as a real
    /// instance does for a small image; the default of 2 makes a client handle the 202 it gets for larger files.
    public var mediaProcessing: Double
    /// Real time a `POST /api/v1/statuses` takes between taking its `Idempotency-Key` and making the status: while it
    /// lasts, a resend with the same key gets 503. Zero by default.
    public var statusProcessing: Duration

    public init(rateLimits: MastodonRateLimits = .init(), mediaProcessing: Double = 2, statusProcessing: Duration = .zero) {
        self.rateLimits = rateLimits
        self.mediaProcessing = mediaProcessing
        self.statusProcessing = statusProcessing
    }
}
