import SchedulerCore
import Foundation
import SchedctlOutput

/// The zone of the machine schedctl runs on: what a local TIME means when `--tz` is not given, and the zone a run's
/// start is written in, so the time typed and the time in the text agree (issue 16, bug 8).
///
/// `$TZ` first (a leading `:` as in `TZ=:Europe/Paris` dropped), then the system's zone: the target of
/// `/etc/localtime` (its name under `zoneinfo/`, which Foundation on Linux may report as `GMT` or an offset), then Foundation's.
enum ClientZone {
    static var current: (name: String, zone: TimeZone) {
        let environment = EnvironmentVariable.value("TZ").map { $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }
        let system = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"))
            .flatMap { link in link.range(of: "zoneinfo/").map { String(link[$0.upperBound...]) } }
        for candidate in [environment, system].compactMap({ $0 }) where !candidate.isEmpty {
            if let zone = TimeZone(identifier: candidate) { return (candidate, zone) }
        }
        return (TimeZone.current.identifier, TimeZone.current)
    }

    /// `--tz` when given (checked), else this machine's zone.
    static func resolve(_ tz: String?) throws -> (name: String, zone: TimeZone) {
        guard let tz else { return current }
        guard let named = TimeZone(identifier: tz) else {
            throw CLIError.badInput(Suggestions.zoneProblem(tz) ?? "unknown time zone '\(tz)'")
        }
        return (tz, named)
    }
}
