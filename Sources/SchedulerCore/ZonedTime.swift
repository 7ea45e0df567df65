import Foundation

/// Instants as a person reads them: the wall-clock time in a zone, with that zone's offset at that instant, so that
/// `07:30 +02:00` needs no converting and stays exact across a DST change. The one way times are written for people
/// (issue 48, item 7: tables and messages wrote them four ways), by schedctl and by the daemon's messages alike: a
/// table names the zone once in its header and writes ``wallClock(_:in:)``; a line writes ``format(_:in:)``, the
/// offset naming the zone. Programs get RFC 3339 (``RFC3339``) in `--json`.
public enum ZonedTime {
    /// `2026-11-21 07:30 +02:00` (`+00:00` for UTC); UTC when `zone` is nil.
    public static func format(_ instant: Date, in zone: TimeZone?) -> String {
        let zone = zone ?? TimeZone(identifier: "UTC")!
        let offset = zone.secondsFromGMT(for: instant)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return wallClock(instant, in: zone) + String(format: " %@%02d:%02d", sign, minutes / 60, minutes % 60)
    }

    /// The zone's IANA name, "UTC" for UTC (which Foundation on Linux calls "GMT").
    public static func name(of zone: TimeZone) -> String {
        zone.identifier == "GMT" ? "UTC" : zone.identifier
    }

    /// `2026-11-21 07:30`, for a table whose header names the zone once (UTC when `zone` is nil).
    public static func wallClock(_ instant: Date, in zone: TimeZone?) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone ?? TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        return String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
    }
}
