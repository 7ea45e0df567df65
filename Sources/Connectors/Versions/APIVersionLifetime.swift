import Foundation
import SchedulerCore

/// When a network stops serving the API version schedulerd is configured to speak, so the daemon can say so
/// at start, ahead of time, instead of posts failing (LinkedIn) or behaviour drifting unnoticed (Graph).
public struct APIVersionLifetime: Sendable, Equatable {
    public var network: Network
    public var version: String
    /// When the network stops serving it; nil when it has announced no date yet, or retired it long before
    /// the dates schedulerd knows (``retiredLongAgo``).
    public var retiresAt: Date?
    /// Older than every version whose date schedulerd knows: retired, on a date not worth knowing.
    public var retiredLongAgo = false
    /// The version to move to.
    public var current: String

    /// How long before retirement the daemon starts warning.
    public static let warningPeriod: TimeInterval = 60 * 86_400

    /// A sentence for the log, `status` and the `api_version` event when `version` is retired or retires within
    /// the warning period; nil otherwise. `setting` names the configuration key to change.
    public func warning(setting: String, now: Date) -> String? {
        let consequence = network == .linkedin
            ? "LinkedIn refuses every call with it (HTTP 426), so LinkedIn publishing pauses at the first attempt"
            : "Graph serves its calls with the oldest live version instead, so what Facebook and Instagram accept can change without notice"
        if retiredLongAgo { return "\(setting) = \(version) was retired long ago: \(consequence). Set it to \(current) and restart schedulerd." }
        guard let retiresAt, retiresAt.timeIntervalSince(now) <= Self.warningPeriod else { return nil }
        let day = RFC3339.format(retiresAt).prefix(10)
        if retiresAt <= now {
            return "\(setting) = \(version) was retired on \(day): \(consequence). Set it to \(current) and restart schedulerd."
        }
        let days = Int((retiresAt.timeIntervalSince(now) / 86_400).rounded(.up))
        return "\(setting) = \(version) retires on \(day), in \(days) day\(days == 1 ? "" : "s"); after that, \(consequence). "
            + "Set it to \(current) and restart schedulerd."
    }
}

/// Graph API versions and the day each stops being served ("available until" in the Graph API changelog,
/// developers.facebook.com/docs/graph-api/changelog; a version lasts two years after its successor's release).
public enum GraphVersions {
    /// The newest version at this release (July 2026, no end date announced yet).
    public static let current = "v26.0"

    /// "Available until", as the changelog's version table gives it; versions before v18.0 are all retired.
    static let availableUntil: [String: String] = [
        "v18.0": "2026-01-26", "v19.0": "2026-05-21", "v20.0": "2026-09-24", "v21.0": "2027-01-21",
        "v22.0": "2027-05-20", "v23.0": "2027-10-08", "v24.0": "2028-02-18", "v25.0": "2028-07-29",
    ]

    /// Whether `text` is a Graph version such as `v26.0`.
    public static func isVersion(_ text: String) -> Bool {
        text.wholeMatch(of: /v[0-9]{1,3}\.[0-9]{1,2}/) != nil
    }

    /// When `version` stops being served: the table's day; long ago for anything older than the table; not
    /// yet known for versions newer than every dated one.
    public static func lifetime(of version: String) -> APIVersionLifetime {
        var lifetime = APIVersionLifetime(network: .facebook, version: version,
                                          retiresAt: availableUntil[version].flatMap { RFC3339.parse($0 + "T00:00:00Z") }, current: current)
        if let major = majorNumber(version), let oldest = availableUntil.keys.compactMap(majorNumber).min(), major < oldest {
            lifetime.retiredLongAgo = true
        }
        return lifetime
    }

    private static func majorNumber(_ version: String) -> Int? {
        Int(version.dropFirst().prefix { $0 != "." })
    }
}

/// LinkedIn's monthly API versions (`LinkedIn-Version: YYYYMM`), each "supported for a minimum of one year"
/// (learn.microsoft.com/linkedin/marketing/versioning); the sunset table puts the end a year after release.
/// Counted from the first of that month, so the warning never comes later than LinkedIn's own sunset.
public enum LinkedInVersions {
    /// Whether `text` is `YYYYMM` (or a revision, `YYYYMM.RR`) of a real month.
    public static func isVersion(_ text: String) -> Bool {
        guard let match = text.wholeMatch(of: /([0-9]{4})([0-9]{2})(\.[0-9]{2})?/), let month = Int(match.2) else { return false }
        return (1...12).contains(month)
    }

    public static func lifetime(of version: String) -> APIVersionLifetime {
        APIVersionLifetime(network: .linkedin, version: version, retiresAt: retirement(of: version), current: LinkedInApp.defaultVersion)
    }

    /// The first day of the month a year after `version`'s.
    static func retirement(of version: String) -> Date? {
        guard isVersion(version), let year = Int(version.prefix(4)), let month = Int(version.dropFirst(4).prefix(2)) else { return nil }
        return RFC3339.parse(String(format: "%04d-%02d-01T00:00:00Z", year + 1, month))
    }
}
