import Foundation
import RunSummary
import SchedulerServices
import TOMLKit

/// `[runs]`, `[[runs.rules]]` and `[runs.map]`.
extension ConfigurationLoader {
    package static func readRuns(_ reader: inout TableReader, into configuration: inout DaemonConfiguration) throws(ConfigurationError) {
        guard var runs = try reader.table("runs") else { return }
        var settings = RunsConfiguration()
        if let inbox = try runs.string("inbox") {
            guard inbox.hasPrefix("/") else { throw runs.error("inbox", "'\(inbox)' must be an absolute path, such as \"/var/lib/schedulerd/inbox\"") }
            settings.inbox = inbox
        }
        if let milliseconds = try runs.int("settle_ms", in: 0...600_000) { settings.settleSeconds = Double(milliseconds) / 1_000 }
        if let zone = try runs.string("timezone") {
            guard let parsed = TimeZone(identifier: zone) else { throw runs.error("timezone", "'\(zone)' is not an IANA zone such as Europe/Paris") }
            settings.timeZone = parsed
        }
        if let units = try runs.string("units") {
            guard let parsed = Units(rawValue: units) else { throw runs.error("units", "'\(units)' is not metric or imperial") }
            settings.units = parsed
        }
        if let hide = try runs.int("hide_start_end_m", in: 0...10_000) { settings.privacy.hideStartEndMeters = Double(hide) }
        settings.privacy.zones = try readPrivacyZones(&runs)
        settings.rules = try readInboxRules(&runs)
        if var map = try runs.table("map") { settings.map = try readRunMap(&map) }
        try runs.finish()
        if settings.inbox != nil, settings.rules.isEmpty {
            throw runs.error("rules", "are missing; with an inbox, add at least one [[runs.rules]] with to = [...] and when = \"draft\"")
        }
        configuration.runs = settings
    }

    /// `privacy_zones = [{ lat = 48.85, lon = 2.35, radius_m = 200 }]`.
    private static func readPrivacyZones(_ runs: inout TableReader) throws(ConfigurationError) -> [PrivacyZone] {
        guard let tables = try runs.tableArray("privacy_zones", example: "[{ lat = 48.85, lon = 2.35, radius_m = 200 }]") else { return [] }
        var zones: [PrivacyZone] = []
        for var zone in tables {
            guard let lat = try zone.number("lat"), (-90...90).contains(lat) else { throw zone.error("lat", "give the zone's latitude in degrees, -90 to 90") }
            guard let lon = try zone.number("lon"), (-180...180).contains(lon) else { throw zone.error("lon", "give the zone's longitude in degrees, -180 to 180") }
            let radius = try zone.int("radius_m", in: 10...50_000) ?? 200
            try zone.finish()
            zones.append(PrivacyZone(center: Coordinate(latitude: lat, longitude: lon), radiusMeters: Double(radius)))
        }
        return zones
    }

    /// `[[runs.rules]]`: each with `to` and `when`; `match`, `templates` and `thread` optional.
    private static func readInboxRules(_ runs: inout TableReader) throws(ConfigurationError) -> [InboxRule] {
        guard let tables = try runs.tableArray("rules", example: "[[runs.rules]] with to = [\"x:@you\"] and when = \"draft\"") else { return [] }
        var rules: [InboxRule] = []
        for var table in tables {
            guard let to = try table.stringArray("to", example: "[\"x:@you\", \"bluesky:@you.bsky.social\"]"), !to.isEmpty else {
                throw table.error("to", "is missing; name the accounts the run is posted to, such as [\"x:@you\"]")
            }
            guard let whenText = try table.string("when") else {
                throw table.error("when", "is missing; use \"draft\", a time such as \"19:00\", a delay after the run such as \"+2h\", or \"next-slot\"")
            }
            guard let when = InboxTiming.parse(whenText) else {
                throw table.error("when", "'\(whenText)' is not \"draft\", a time such as \"19:00\", a delay after the run such as \"+2h\", or \"next-slot\"")
            }
            var rule = InboxRule(to: to, when: when)
            if let match = try table.string("match") {
                guard !match.isEmpty, !match.contains("/") else { throw table.error("match", "'\(match)' must be a pattern on the file's name, such as \"*.fit\"") }
                rule.match = match
            }
            rule.templates = try table.string("templates")
            rule.thread = try table.bool("thread") ?? false
            try table.finish()
            rules.append(rule)
        }
        return rules
    }

    /// `[runs.map]`: `tiles` with `{z}`, `{x}` and `{y}`, and its `attribution`, both required; or `tiles = "sandbox"`
    /// (sandbox mode only, checked when the command line is known), whose attribution may be left out.
    private static func readRunMap(_ map: inout TableReader) throws(ConfigurationError) -> RunMapSettings {
        guard let tiles = try map.string("tiles") else {
            throw map.error("tiles", "is missing; give the tile server's address, such as \"https://tile.openstreetmap.org/{z}/{x}/{y}.png\"")
        }
        let sandbox = tiles == RunMapSettings.sandboxTiles
        let sample = tiles.replacingOccurrences(of: "{z}", with: "1").replacingOccurrences(of: "{x}", with: "1").replacingOccurrences(of: "{y}", with: "1")
        guard sandbox || (["{z}", "{x}", "{y}"].allSatisfy(tiles.contains) && URL(string: sample).map({ ["http", "https"].contains($0.scheme ?? "") && $0.host != nil }) == true) else {
            throw map.error("tiles", "'\(tiles)' is not an http(s) address with {z}, {x} and {y}, such as \"https://tile.openstreetmap.org/{z}/{x}/{y}.png\" (or \"sandbox\" with --sandbox)")
        }
        let given = try map.string("attribution")
        guard let attribution = given ?? (sandbox ? RunMapSettings.sandboxAttribution : nil), !attribution.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw map.error("attribution", "is missing; tile servers require their attribution on the map, such as \"© OpenStreetMap contributors\"")
        }
        var settings = RunMapSettings(tiles: tiles, attribution: attribution)
        settings.cacheDirectory = try map.string("cache_dir")
        if let megabytes = try map.int("cache_max_mb", in: 1...100_000) { settings.cacheMaxBytes = megabytes * 1_024 * 1_024 }
        settings.timeoutSeconds = try map.int("timeout_s", in: 1...60) ?? settings.timeoutSeconds
        try map.finish()
        return settings
    }
}
