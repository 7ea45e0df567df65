import Foundation
import Hummingbird
import SchedulerServices

/// The viewer's zone: the calendar and the composer read and show times in it. Chosen in a page, remembered in a
/// cookie (a preference, not a secret), the daemon's zone until then.
extension WebPages {
    package static let zoneCookieName = "schedulerd_zone"

    /// The zone the request names (`?zone=`), else the one remembered, else the daemon's; only a zone this machine knows.
    package func viewerZone(_ request: Request) -> String {
        for candidate in [request.uri.queryParameters.get("zone").map { String($0) }, request.cookies[Self.zoneCookieName].map { String($0.value) }] {
            if let name = candidate, TimeZone(identifier: name) != nil { return name }
        }
        return zone.identifier
    }

    package func viewerTimeZone(_ request: Request) -> TimeZone { TimeZone(identifier: viewerZone(request)) ?? zone }

    /// Times as the pages show them, in the viewer's zone.
    package func timeFormat(_ request: Request) -> DateFormatter { Self.dueFormat(viewerTimeZone(request)) }

    package func zoneCookie(_ name: String) -> Cookie {
        Cookie(name: Self.zoneCookieName, value: TimeZone(identifier: name)?.identifier ?? zone.identifier, maxAge: 365 * 86_400, path: "/",
               secure: configuration.isHTTPS, httpOnly: true, sameSite: .lax)
    }

    /// Every zone this machine knows, the chosen one selected.
    package static func zoneOptions(selected: String) -> [[String: Any]] {
        knownZones.map { ["id": $0, "selected": $0 == selected] }
    }

    package static let knownZones: [String] = TimeZone.knownTimeZoneIdentifiers.sorted()
}
