import Testing
@testable import SchedulerCore

/// Each network's username rule (README, "What the networks require"): X 1 to 15 letters, digits and
/// underscores; Instagram 1 to 30 letters, digits, periods and underscores.
@Suite struct HandleRuleTests {
    @Test(arguments: ["runner", "a", "Club_Runs_2026", String(repeating: "x", count: 15)])
    func x_acceptsLettersDigitsAndUnderscores_upToFifteen(handle: String) {
        #expect(Network.x.handleRule?.problem(handle, network: .x) == nil)
    }

    @Test(arguments: ["club.runs", "club runs", "émile", "", String(repeating: "x", count: 16)])
    func x_refusesPeriodsSpacesAccentsEmptyAndSixteen(handle: String) {
        #expect(Network.x.handleRule?.problem(handle, network: .x)?.contains("X handles are 1 to 15 letters, digits and underscores (_)") == true)
    }

    @Test func instagram_acceptsPeriods_upToThirty_andSaysWhatIsWrongOtherwise() throws {
        let rule = try #require(Network.instagram.handleRule)
        #expect(rule.problem("club.runs_2026", network: .instagram) == nil)
        #expect(rule.problem(String(repeating: "a", count: 30), network: .instagram) == nil)
        #expect(rule.problem(String(repeating: "a", count: 31), network: .instagram)?.hasSuffix("; it has 31") == true)
        #expect(rule.problem("bad handle!", network: .instagram)?.hasSuffix("; it has a space and '!'") == true)
        #expect(rule.problem("club-runs", network: .instagram)?.contains("1 to 30 letters, digits, periods (.) and underscores (_)") == true)
    }

    @Test func facebookAndLinkedIn_haveNoRule_sinceTheNetworkNamesThoseAccounts() {
        #expect(Network.facebook.handleRule == nil && Network.linkedin.handleRule == nil)
    }
}

/// Issue 25, bug 16: counts with their noun in the right number, and messages that end in a full stop put inside
/// another sentence without "..".
@Suite struct MessageGrammarTests {
    @Test func counts_agreeWithTheirNoun() {
        #expect(Counted.of(1, "character") == "1 character" && Counted.of(2, "character") == "2 characters")
        #expect(Counted.of(1, "entry", "entries") == "1 entry" && Counted.of(0, "entry", "entries") == "0 entries")
        #expect(Counted.part(1, of: 1, "row") == "1 of 1 row" && Counted.part(1, of: 3, "row") == "1 of 3 rows")
        #expect(Counted.verb(1) == "is" && Counted.verb(2) == "are" && Counted.verb(1, "was", "were") == "was")
    }

    @Test func aMessageAsAClause_losesItsFinalFullStop() {
        #expect("The request may have been received.".asClause + ". Nothing was started" == "The request may have been received. Nothing was started")
        #expect("no stop".asClause == "no stop" && "two.. ".asClause == "two" && "v1.2".asClause == "v1.2")
    }
}
