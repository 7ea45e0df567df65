import SchedulerCore
import SchedulerDomain
import SchedulerServer
import Testing

/// The control API and the web app word every hint in their own words (STYLE.md item 20): neither a schedctl command
/// nor a flag, which a program or a person at a browser has no use for.
struct RefusalWordingTests {
    static func hint(_ action: RefusalHint.Action) -> RefusalHint {
        RefusalHint(action, post: 7, delivery: 31, account: "x:@club", network: .x, name: "ben", fields: [.at, .nextSlot, .textFor])
    }

    @Test func everyKnownAction_hasAPIAdvice_namingNoFlagOrCommand() {
        for action in RefusalHint.Action.known {
            let words = APIAdvice.words(Self.hint(action))
            #expect(words?.isEmpty == false, "\(action.rawValue) has no advice")
            #expect(words?.contains("schedctl") == false && words?.contains("--") == false, "\(action.rawValue): \(words ?? "")")
        }
        #expect(APIAdvice.words(.oneOf(.at, .nextSlot)) == "give `at` or `next_slot`, not both", "fields by their JSON keys")
    }

    /// The web app's people are managed at the control socket only, so their refusals never reach a page.
    @Test func everyActionAPageCanMeet_hasWebWords_namingNoFlagOrCommand() {
        for action in RefusalHint.Action.known where ![.listWebUsers, .changePassword].contains(action) {
            let words = WebAdvice.words(Self.hint(action))
            #expect(words?.isEmpty == false, "\(action.rawValue) has no words on a page")
            #expect(words?.contains("schedctl") == false && words?.contains("--") == false && words?.contains("_") == false,
                    "\(action.rawValue): \(words ?? "")")
        }
        #expect(RequestError(.conflict, "post 7 would go nowhere", hint: RefusalHint(.cancelPost, post: 7)).pageMessage
                == "post 7 would go nowhere; use Cancel on the post's page")
    }

    /// The store's refusal keeps its hint on the way to the edge.
    @Test func aStoreRefusal_keepsItsHint_asARequestError() {
        let refused = RequestError(PostRefusals.noPost(7))
        #expect(refused.code == .notFound && refused.message == "no post 7" && refused.hint == RefusalHint(.listPosts))
    }
}
