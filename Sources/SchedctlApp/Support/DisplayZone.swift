import Foundation
import SchedulerCore

/// The zone times are shown to people in when no post or slot names one: `--tz`, else the daemon's configured zone,
/// as `list` and `calendar` show them, so every table and message of one daemon writes its times alike (issue 48,
/// item 7).
enum DisplayZone {
    /// `--tz` (already checked by the command), else the zone the daemon reports.
    static func resolve(_ tz: String?, client: ControlClient) async throws -> TimeZone {
        if let tz, let zone = TimeZone(identifier: tz) { return zone }
        return TimeZone(identifier: try await daemonClock(client).zone) ?? TimeZone(identifier: "UTC")!
    }

    /// The daemon's today and zone: `/v1/clock`, or the whole status from an older daemon, which has no such route.
    static func daemonClock(_ client: ControlClient) async throws -> ClockView {
        do {
            return try await client.get("/v1/clock", as: ClockView.self).0
        } catch let error as CLIError where error.exitCode == ExitCodes.notFound {
            let (status, _) = try await client.get("/v1/status", as: StatusView.self)
            return ClockView(now: status.now, zone: status.zone ?? "UTC")
        }
    }
}
