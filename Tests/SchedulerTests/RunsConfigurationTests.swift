import Foundation
import RunSummary
@testable import SchedulerServices
import Testing
@testable import Scheduler

/// `[runs]`: the inbox and its rules, privacy zones and the map, read whole, each wrong key named with what is wrong.
@Suite struct RunsConfigurationTests {
    private func parse(_ text: String) throws(ConfigurationError) -> DaemonConfiguration {
        try ConfigurationLoader.parse(text, file: "/etc/schedulerd/test.toml")
    }

    private func refusal(_ text: String) -> String {
        do { _ = try parse(text); return "accepted" } catch { return error.message }
    }

    @Test func theRunsTable_isReadWhole() throws {
        let runs = try parse("""
            [runs]
            inbox = "/var/lib/schedulerd/inbox"
            settle_ms = 1500
            timezone = "Europe/Paris"
            units = "imperial"
            hide_start_end_m = 300
            privacy_zones = [{ lat = 48.85, lon = 2.35, radius_m = 250 }, { lat = 51, lon = -0.1 }]

            [[runs.rules]]
            match = "*.fit"
            to = ["x:@ada", "bluesky:@ada.bsky.social"]
            when = "19:00"
            templates = "/etc/schedulerd/templates/club"
            thread = true

            [[runs.rules]]
            to = ["x:@ada"]
            when = "+2h"

            [runs.map]
            tiles = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
            attribution = "© OpenStreetMap contributors"
            cache_max_mb = 50
            timeout_s = 3
            """).runs
        #expect(runs.inbox == "/var/lib/schedulerd/inbox" && runs.settleSeconds == 1.5 && runs.timeZone?.identifier == "Europe/Paris")
        #expect(runs.units == .imperial && runs.privacy.hideStartEndMeters == 300)
        #expect(runs.privacy.zones == [PrivacyZone(center: Coordinate(latitude: 48.85, longitude: 2.35), radiusMeters: 250),
                                       PrivacyZone(center: Coordinate(latitude: 51, longitude: -0.1), radiusMeters: 200)])
        #expect(runs.rules == [InboxRule(match: "*.fit", to: ["x:@ada", "bluesky:@ada.bsky.social"], when: .at(hour: 19, minute: 0),
                                         templates: "/etc/schedulerd/templates/club", thread: true),
                               InboxRule(to: ["x:@ada"], when: .after(seconds: 7_200))])
        #expect(runs.map?.attribution == "© OpenStreetMap contributors" && runs.map?.cacheMaxBytes == 50 * 1_048_576 && runs.map?.timeoutSeconds == 3)
        let defaults = try parse("").runs
        #expect(defaults.inbox == nil && defaults.map == nil && defaults.privacy.hideStartEndMeters == 200 && defaults.privacy.zones.isEmpty)
    }

    @Test(arguments: [
        ("[runs]\ninbox = \"inbox\"", "runs.inbox", "must be an absolute path"),
        ("[runs]\ninbox = \"/srv/inbox\"", "runs.rules", "add at least one [[runs.rules]]"),
        ("[runs]\ninbox = \"/srv/inbox\"\n[[runs.rules]]\nwhen = \"draft\"", "runs.rules[1].to", "is missing"),
        ("[runs]\ninbox = \"/srv/inbox\"\n[[runs.rules]]\nto = [\"x:@a\"]\nwhen = \"tonight\"", "runs.rules[1].when", "'tonight' is not \"draft\""),
        ("[runs]\ninbox = \"/srv/inbox\"\n[[runs.rules]]\nto = [\"x:@a\"]\nwhen = \"25:00\"", "runs.rules[1].when", "'25:00'"),
        ("[runs]\ninbox = \"/srv/inbox\"\n[[runs.rules]]\nto = [\"x:@a\"]\nwhen = \"draft\"\nmatch = \"runs/*.fit\"", "runs.rules[1].match", "a pattern on the file's name"),
        ("[runs]\ninbox = \"/srv/inbox\"\n[[runs.rules]]\nto = [\"x:@a\"]\nwhen = \"draft\"\nsport = \"run\"", "runs.rules[1].sport", "unknown key"),
        ("[runs]\nprivacy_zones = [{ lat = 91, lon = 2 }]", "runs.privacy_zones[1].lat", "-90 to 90"),
        ("[runs]\nprivacy_zones = [{ lat = 48, lon = 2, radius_m = 5 }]", "runs.privacy_zones[1].radius_m", "outside 10...50000"),
        ("[runs]\nprivacy_zones = { lat = 48, lon = 2 }", "runs.privacy_zones", "expected an array of tables"),
        ("[runs]\nhide_start_end_m = -1", "runs.hide_start_end_m", "outside 0...10000"),
        ("[runs]\nunits = \"furlongs\"", "runs.units", "not metric or imperial"),
        ("[runs.map]\nattribution = \"x\"", "runs.map.tiles", "is missing"),
        ("[runs.map]\ntiles = \"https://tile.example.org/{z}/{x}.png\"\nattribution = \"x\"", "runs.map.tiles", "with {z}, {x} and {y}"),
        ("[runs.map]\ntiles = \"https://tile.example.org/{z}/{x}/{y}.png\"", "runs.map.attribution", "require their attribution"),
    ])
    func aBadValue_namesTheKeyAndTheProblem(text: String, key: String, problem: String) {
        let message = refusal(text)
        #expect(message.contains("test.toml: \(key)") || message.contains("'\(key)'"), "\(message)")
        #expect(message.contains(problem), "\(message)")
    }

    @Test func whenRules_readTheirForms() {
        #expect(InboxTiming.parse("draft") == .draft && InboxTiming.parse("next-slot") == .nextSlot)
        #expect(InboxTiming.parse("7:05") == .at(hour: 7, minute: 5) && InboxTiming.parse("19:00") == .at(hour: 19, minute: 0))
        #expect(InboxTiming.parse("+90m") == .after(seconds: 5_400))
        for bad in ["", "+0s", "19", "19:0", "24:00", "-2h", "+soon"] { #expect(InboxTiming.parse(bad) == nil, "\(bad)") }
    }
}
