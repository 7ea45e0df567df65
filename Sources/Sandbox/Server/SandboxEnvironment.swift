#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging

/// What every network emulation shares: the recorder, the clock, the logger, the configuration,
/// and how media is fetched from URLs.
struct SandboxEnvironment: Sendable {
    /// Where accepted and refused requests are remembered.
    var recorder: Recorder
    /// The wall clock; replaceable so time-dependent behaviour can be driven from tests.
    var now: @Sendable () -> Date
    /// The logger handed in by whoever started the sandbox.
    var logger: Logger
    /// Listener and tolerance settings.
    var configuration: SandboxConfiguration
    /// Downloads media a client asks a network to fetch (Instagram `image_url`, Facebook photo `url`).
    var fetcher: any MediaFetcher
    /// How listings lag and rewrite text; shared, so `PUT /_sandbox/listings` reaches every network.
    var listings: ListingSettings = ListingSettings(ListingBehaviour())
}
