import Foundation
import SchedulerCore
import SchedulerDomain

/// The rules an edit is held to besides each network's: the version it was built from, a text that reaches someone,
/// an account added with a text of its own where the post has no common one, and options that are real ones. Every
/// door (schedctl, the web app, the control API) only builds an ``EditPostRequest``; these decide for all of them.
extension PostService {
    /// A change built from an older reading of the post: refused, naming both versions, so the person looks again
    /// rather than undoing what came since (another tab, another person, the inbox).
    package static func stale(_ current: PostRecord, since version: Int64) -> RequestError {
        RequestError(.conflict, "post \(current.id) was changed since version \(version) (it is now version \(current.version)); "
                     + "nothing was changed: edit the version it is now", hint: RefusalHint(.showPost, post: current.id))
    }

    /// The accounts whose delivery uses the post's common text after the change (the others carry their own).
    private static func commonTextAccounts(_ targets: [EditTarget]) -> [AccountRecord] {
        targets.filter { $0.override == nil }.map(\.account)
    }

    /// A post whose every account has its own text (a run post's are written per network) has no common text to give
    /// an account added to it, and a new common text would reach nobody: either is refused with what to pass instead.
    package static func ownTextProblems(_ current: PostRecord, change: PostChange, targets: [EditTarget]) -> [String] {
        let before = current.deliveries.filter { DeliveryLifecycle.waiting.contains($0.state) }
        guard !before.isEmpty, before.allSatisfy({ $0.text != nil }) else { return [] }
        var problems: [String] = []
        for target in targets where target.override == nil && change.addTargets.contains(where: { $0.accountID == target.account.id }) {
            problems.append("post \(current.id)'s accounts each have their own text, so there is none to give \(target.account.reference); "
                            + "give it one of its own")
        }
        if change.text != nil, commonTextAccounts(targets).isEmpty, change.overrides.isEmpty {
            let named = before.map(\.account).joined(separator: ", ")
            problems.append("post \(current.id)'s accounts each have their own text (\(named)), so a new common text would reach none of them; "
                            + "change each account's own text")
        }
        return problems
    }

    /// What the person should know about who gets a new common text: which accounts take it, which keep their own.
    package static func reachNotes(of change: PostChange, in view: PostRecord) -> [String] {
        guard change.text != nil else { return [] }
        let waiting = view.deliveries.filter { DeliveryLifecycle.waiting.contains($0.state) }
        let keeping = waiting.filter { $0.text != nil }.map(\.account)
        guard !keeping.isEmpty else { return [] }
        let taking = waiting.filter { $0.text == nil }.map(\.account)
        return ["the new text goes to \(taking.joined(separator: ", ")); \(keeping.joined(separator: ", ")) "
                + "\(Counted.verb(keeping.count, "keeps its", "keep their")) own text, changed on its own"]
    }

    /// The options after the change, or nil when the request leaves them alone; `""` takes one away. Each is checked as
    /// at scheduling: a real visibility and language, and one that reaches an account that has it.
    package func editedOptions(_ request: EditPostRequest, of post: PostRecord, networks: Set<Network>, problems: inout [String]) -> PostOptions? {
        guard request.changesOptions else { return nil }
        func given(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
        let asked = SchedulePostRequest(text: "", to: [], at: nil, visibility: given(request.visibility),
                                        contentWarning: given(request.contentWarning), language: given(request.language))
        let checked = Self.checkOptions(asked, networks: networks, problems: &problems)
        var options = post.options ?? PostOptions()
        if request.visibility != nil { options.visibility = checked.visibility }
        if request.contentWarning != nil { options.contentWarning = checked.contentWarning }
        if request.language != nil { options.language = checked.language }
        return options
    }
}
