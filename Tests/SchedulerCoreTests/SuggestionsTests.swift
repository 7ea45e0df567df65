import Testing
@testable import SchedulerCore

/// Issue 48, item 14: a mistyped value gets the likely one, as a mistyped command does.
@Suite struct SuggestionsTests {
    @Test func aNetworksOldNameOrATypo_suggestsIt() {
        #expect(Suggestions.network(for: "twitter") == .x)
        #expect(Suggestions.network(for: "Twiter") == .x)
        #expect(Suggestions.network(for: "blusky") == .bluesky)
        #expect(Suggestions.network(for: "mastadon") == .mastodon)
        #expect(Suggestions.network(for: "myspace") == nil)
        #expect(Suggestions.networkProblem("twiter")?.hasPrefix("unknown network 'twiter' (did you mean x?); use x, facebook") == true)
        #expect(Suggestions.networkProblem("X") == nil)
    }

    @Test func aCityOrATypo_suggestsItsZone() {
        #expect(Suggestions.zone(for: "Berlin") == "Europe/Berlin")
        #expect(Suggestions.zone(for: "new york") == "America/New_York")
        #expect(Suggestions.zone(for: "Europe/Berlim") == "Europe/Berlin")
        #expect(Suggestions.zone(for: "Mars/Olympus_Mons") == nil)
        #expect(Suggestions.zoneProblem("Berlin") == "unknown time zone 'Berlin'; did you mean Europe/Berlin?")
        #expect(Suggestions.zoneProblem("Europe/Berlin") == nil)
    }
}
