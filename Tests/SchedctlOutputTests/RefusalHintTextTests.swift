import Foundation
import SchedctlOutput
import SchedulerCore
import Testing

/// schedctl words the daemon's hints in its own commands and flags, as it printed them when the daemon wrote them.
struct RefusalHintTextTests {
    @Test func everyKnownAction_hasSchedctlWords() {
        for action in RefusalHint.Action.known {
            let words = RefusalHintText.words(RefusalHint(action, post: 7, delivery: 31, account: "x:@club", network: .x, name: "ben",
                                                          fields: [.at, .nextSlot]))
            #expect(words?.isEmpty == false, "\(action.rawValue) has no words")
        }
    }

    @Test func hints_areWorded_asTheDaemonWordedThemBefore() {
        #expect(RefusalHintText.sentence("no post 7", hint: RefusalHint(.listPosts)) == "no post 7; `schedctl list --state all` shows the posts")
        #expect(RefusalHintText.sentence("post 7 is not a draft", hint: RefusalHint(.editTime, post: 7))
                == "post 7 is not a draft; `schedctl edit 7 --at TIME` changes its time")
        #expect(RefusalHintText.words(RefusalHint(.scheduleDraft, post: 7)) == "give it a time with `schedctl schedule --post 7 --at TIME`")
        #expect(RefusalHintText.words(RefusalHint(.cancelPending, account: "x:@club")) == "cancel them first or pass --cancel-pending")
        #expect(RefusalHintText.words(.oneOf(.at, .nextSlot)) == "give --at TIME or --next-slot, not both")
        #expect(RefusalHintText.words(.oneOf(.at, .nextSlot, .draft)) == "give --at TIME, --next-slot or --draft, only one")
        #expect(RefusalHintText.words(.together(.until, .repeatRule)) == "--until goes with --repeat")
        #expect(RefusalHintText.words(.give(.textFor)) == "give --text-for ACCOUNT=TEXT")
        #expect(RefusalHintText.words(RefusalHint(.retryOrResolve, post: 7, delivery: 31))?
            .contains("`schedctl retry 7 --delivery 31 --force` sends it again, and if it is, `schedctl resolve 7 --delivery 31 --published URL` records it") == true)
    }

    @Test func anActionOfANewerDaemon_leavesTheMessageAlone() throws {
        let body = try JSONCoding.decoder().decode(APIErrorBody.self, from: Data(#"{"error": {"code": "conflict", "message": "no post 7", "hint": {"action": "teleport", "fields": ["warp"]}}}"#.utf8))
        #expect(body.error.hint?.action.rawValue == "teleport")
        #expect(RefusalHintText.sentence(body.error.message, hint: body.error.hint) == "no post 7")
    }
}
