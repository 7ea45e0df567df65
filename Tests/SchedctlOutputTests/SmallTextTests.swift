import Foundation
@testable import SchedctlOutput
import SchedulerCore
import Testing

/// Issue 25, bug 16: what `show` and `accounts` said of things that are over, and the wrapping every text uses.
@Suite struct SmallTextTests {
    static func cancelled(_ post: PostView) -> PostView {
        var post = post
        post.deliveries = post.deliveries.map { var delivery = $0; delivery.state = .cancelled; return delivery }
        return post
    }

    @Test func aCancelledDraft_doesNotSayHowToScheduleIt() {
        let draft = Fixtures.drafts[1]
        #expect(PostText.render(draft).contains("`schedctl schedule --post 35 --at TIME` schedules it"), "a live draft does")
        let drawn = PostText.render(Self.cancelled(draft))
        #expect(!drawn.contains("schedctl schedule --post"), "\(drawn)")
        #expect(drawn.contains("  due:       none, a draft that was cancelled\n"), "\(drawn)")
    }

    @Test func aCancelledOccurrence_doesNotSayCancelSeriesEndsIt() {
        var occurrence = Fixtures.pending[0]
        occurrence.series = PostSeriesView(id: 7, index: 3, rule: "FREQ=WEEKLY;BYDAY=MO")
        #expect(PostText.render(occurrence, width: 200).contains("series:    7, occurrence 3 (FREQ=WEEKLY;BYDAY=MO); `schedctl cancel 12 --series` ends it"))
        let drawn = PostText.render(Self.cancelled(occurrence), width: 200)
        #expect(!drawn.contains("--series"), "\(drawn)")
        #expect(drawn.contains("series:    7, occurrence 3 (FREQ=WEEKLY;BYDAY=MO); this occurrence was cancelled"), "\(drawn)")
    }

    @Test(arguments: [
        (6, "no token (handoff)"), (7, "none (unlinked)"), (1, "does not expire"), (5, "renews itself"), (4, "expires in 12 days, before 3 scheduled posts"),
    ])
    func theTokenColumn_saysWhatEachAccountsTokenDoes(_ id: Int64, _ expected: String) throws {
        let account = try #require(Fixtures.accounts.first { $0.id == id })
        #expect(AccountText.token(account, now: Fixtures.monday) == expected)
    }

    @Test func aForecast_countsInTheRightNumber() {
        let soon = Fixtures.account(9, .linkedin, "coach", "Coach", .oauth2, .active, expiresIn: 1.5 / 24, after: 1)
        #expect(AccountText.token(soon, now: Fixtures.monday) == "expires in 1 hour, before 1 scheduled post", "not '1 hours', '1 scheduled posts'")
    }

    @Test func wrap_breaksAtSpaces_keepsACommandWhole_andCutsOnlyAWordLongerThanALine() {
        #expect(Wrap.lines("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(Wrap.lines("run `schedctl accounts link x` now", width: 26) == ["run", "`schedctl accounts link x`", "now"])
        #expect(Wrap.lines("see `a very long command that does not fit`", width: 12) == ["see", "`a very long", "command that", "does not", "fit`"])
        #expect(Wrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(Wrap.labelled("label: ", "one two three", width: 14) == "label: one two\n       three")
        #expect(Wrap.lines("Mon 1 · Tue 2 · Wed 3", width: 14, separator: " · ") == ["Mon 1 · Tue 2", "Wed 3"])
        #expect(Wrap.hanging("a b c d", width: 3, indent: 2) == "a b\n  c\n  d")
    }
}
