import Foundation

/// The daemon's clock and zone (`GET /v1/clock`): what a client needs to know which day "today" is where the daemon is.
/// `schedctl calendar` asks for this rather than the status, which counts every waiting delivery to answer (a
/// millisecond or two at a million pending) and is decoded whole.
public struct ClockView: Codable, Sendable, Equatable {
    public var now: Date
    /// The daemon's IANA zone: wall-clock times without a zone of their own are read in it, and the calendar drawn in it.
    public var zone: String

    public init(now: Date, zone: String) {
        self.now = now
        self.zone = zone
    }
}
