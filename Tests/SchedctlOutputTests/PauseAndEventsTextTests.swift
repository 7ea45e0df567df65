import SchedctlOutput
import SchedulerCore
import Testing

/// What resume and events say when the answer is "nothing" (issue 16, bug 11).
@Suite struct PauseAndEventsTextTests {
    @Test func resumingFourAccounts_saysSo_notNothingIsPaused() {
        let accounts = ["facebook:@runclub", "linkedin:@coach", "x:@club", "x:@runner"]
        let view = PauseView(everything: false, accounts: []).lifted(since: PauseView(everything: false, accounts: accounts))
        #expect(PauseText.render(view) == "resumed 4 accounts: facebook:@runclub, linkedin:@coach, x:@club, x:@runner\nnothing is paused now\n")
    }

    @Test func resumingOneAccount_namesWhatStaysPaused() {
        let view = PauseView(everything: true, accounts: ["x:@runner"]).lifted(since: PauseView(everything: true, accounts: ["x:@club", "x:@runner"]))
        #expect(PauseText.render(view, asked: PauseRequest(account: "x:@club"))
                == "resumed 1 account: x:@club\npublishing is paused everywhere; `schedctl resume` starts it again\nstill paused accounts: x:@runner\n")
    }

    @Test func resumingWhatWasNotPaused_saysSo() {
        let none = PauseView(everything: false, accounts: [])
        #expect(PauseText.render(none.lifted(since: none)) == "nothing was paused; nothing to resume\n")
        #expect(PauseText.render(none.lifted(since: none), asked: PauseRequest(account: "x:@club")) == "x:@club was not paused; nothing to resume\n")
        #expect(PauseText.render(none.lifted(since: none), asked: PauseRequest(network: .linkedin)) == "LinkedIn was not paused; nothing to resume\n")
    }

    @Test func aPause_listsWhatIsPaused_asBefore() {
        #expect(PauseText.render(PauseView(everything: false, accounts: ["x:@held"])) == "paused accounts: x:@held\n")
    }

    @Test func noEventsAfterAnIdPastTheLast_namesTheLast() {
        #expect(EventsText.none(since: 999, last: 42) == "no events after #999; the last is #42")
        #expect(EventsText.none(since: 999, last: nil) == "no events yet")
        #expect(EventsText.none(since: nil, last: nil) == "no events yet")
    }
}
