import Foundation
import SchedulerCore
import Testing
@testable import Connectors

/// When the configured API versions stop being served, and what the daemon says about it at start.
@Suite struct APIVersionLifetimeTests {
    static func day(_ text: String) -> Date { RFC3339.parse(text + "T12:00:00Z")! }

    @Test func graph_versionsRetireOnTheChangelogsDates_olderOnesAreLongGone_newerOnesHaveNoDateYet() {
        #expect(GraphVersions.lifetime(of: "v19.0").retiresAt == RFC3339.parse("2026-05-21T00:00:00Z"))
        #expect(GraphVersions.lifetime(of: "v21.0").retiresAt == RFC3339.parse("2027-01-21T00:00:00Z"))
        #expect(GraphVersions.lifetime(of: "v12.0").retiredLongAgo)
        #expect(GraphVersions.lifetime(of: "v12.0").warning(setting: "s", now: Self.day("2026-11-23"))?.hasPrefix("s = v12.0 was retired long ago") == true)
        #expect(GraphVersions.lifetime(of: "v26.0").retiresAt == nil)
        #expect(GraphVersions.lifetime(of: "v27.0").retiresAt == nil)
        #expect(GraphVersions.isVersion("v26.0") && !GraphVersions.isVersion("26.0") && !GraphVersions.isVersion("v26"))
    }

    @Test func linkedIn_aVersionRetiresOnTheFirstOfItsMonthAYearLater() {
        #expect(LinkedInVersions.lifetime(of: "202411").retiresAt == RFC3339.parse("2025-11-01T00:00:00Z"))
        #expect(LinkedInVersions.lifetime(of: "202609.01").retiresAt == RFC3339.parse("2027-09-01T00:00:00Z"))
        #expect(LinkedInVersions.isVersion("202609") && LinkedInVersions.isVersion("202609.02"))
        #expect(!LinkedInVersions.isVersion("202613") && !LinkedInVersions.isVersion("2026-09") && !LinkedInVersions.isVersion("20260901"))
    }

    @Test func warning_saysRetired_orRetiringWithinSixtyDays_namingTheSettingAndTheVersionToUse() throws {
        let now = Self.day("2026-11-23")
        let retired = try #require(LinkedInVersions.lifetime(of: "202411").warning(setting: "networks.linkedin.version", now: now))
        #expect(retired.hasPrefix("networks.linkedin.version = 202411 was retired on 2025-11-01"))
        #expect(retired.contains("HTTP 426") && retired.contains("Set it to \(LinkedInApp.defaultVersion)"))
        let soon = try #require(GraphVersions.lifetime(of: "v21.0").warning(setting: "networks.facebook.graph_version", now: now))
        #expect(soon.hasPrefix("networks.facebook.graph_version = v21.0 retires on 2027-01-21, in 59 days"))
        #expect(soon.contains("Set it to \(GraphVersions.current)"))
        #expect(GraphVersions.lifetime(of: "v22.0").warning(setting: "s", now: now) == nil, "retires in May 2027: not yet worth a word")
        #expect(LinkedInVersions.lifetime(of: LinkedInApp.defaultVersion).warning(setting: "s", now: now) == nil)
        #expect(GraphVersions.lifetime(of: GraphVersions.current).warning(setting: "s", now: now) == nil)
    }
}
