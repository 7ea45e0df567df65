import Foundation
import SchedctlOutput
import SchedulerCore
import Testing

/// `schedctl show`: texts in lines stay under their label, media come with their alt texts, a rate-limit hold is
/// named; the same at any width (it does not cut), checked against one golden file.
@Suite struct PostTextTests {
    @Test func aRichPost_matchesItsGoldenFile() throws {
        let drawn = PostText.render(Fixtures.rich, now: Fixtures.monday)
        try Golden.check(drawn, "show-rich.txt")
        #expect(drawn.contains("  text:      Saturday's parkrun:\n\n             5 km, 21:40.\n"), "the text's lines are indented")
        #expect(drawn.contains("alt: Runners crossing the finish line\n"))
        #expect(drawn.contains("no alt text"))
        #expect(drawn.contains("    held: by X's rate limit until 2027-03-01 10:45 +02:00; it goes out then"))
    }

    @Test func aHoldThatHasPassed_isNotShown() {
        #expect(!PostText.render(Fixtures.rich, now: Fixtures.monday.addingTimeInterval(86_400)).contains("held:"))
    }
}
