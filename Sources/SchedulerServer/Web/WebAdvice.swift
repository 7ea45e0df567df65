import SchedulerCore
import SchedulerDomain

/// A refusal's hint in the web app's words: its pages and buttons ("use Cancel on the post's page"), never a schedctl
/// flag or command, which a person at a browser has no use for.
package enum WebAdvice {
    package static func words(_ hint: RefusalHint) -> String? {
        if let words = postWords(hint) ?? accountWords(hint) { return words }
        return hint.fieldWords(chooseVerb: "choose", naming: label)
    }

    private static func postWords(_ hint: RefusalHint) -> String? {
        switch hint.action {
        case .listPosts: return "Today and the calendar show the posts"
        case .showPost: return hint.post == nil ? "the post's page lists its deliveries" : "open the post again to see it as it is now"
        case .cancelPost: return "use Cancel on the post's page"
        case .scheduleDraft: return "give it a time on the post's page"
        case .editTime: return "change its time with Edit on the post's page"
        case .retry: return "use Retry on the post's page"
        case .retryOrResolve:
            return "look at the account first; if the post is not there, send it again from the post's page, and if it is, "
                + "record it there as published"
        case .listHandoffs: return "the handoffs page lists what waits"
        default: return nil
        }
    }

    private static func accountWords(_ hint: RefusalHint) -> String? {
        switch hint.action {
        case .listAccounts: return "the Accounts page lists the linked accounts"
        case .linkAccount: return hint.network == nil ? "start linking again on the Accounts page" : "or link it on the Accounts page"
        case .relink:
            let handle = hint.account.flatMap { $0.split(separator: ":", maxSplits: 1).last }.map { ", signed in as \($0)" } ?? ""
            return "relink it on the Accounts page" + handle
        case .cancelPending: return "cancel them first"
        case .setSlots: return "give the account posting slots first"
        case .showSlots: return "compare the accounts' posting slots"
        case .addOwner: return "make another person an owner first"
        default: return nil
        }
    }

    /// A request field as the compose and edit forms name it.
    package static func label(_ field: RefusalHint.Field) -> String {
        switch field {
        case .at: "a time"
        case .nextSlot: "the next free slot"
        case .draft: "Save as draft"
        case .dryRun: "Preview"
        case .to: "an account"
        case .tz: "a time zone"
        case .repeatRule: "Repeat"
        case .until: "an end to the repeat"
        case .series: "the whole series"
        case .textFor: "an account's own text"
        case .delivery: "which delivery"
        case .after: "the page to start from"
        default: "the " + field.rawValue.split(separator: "_").joined(separator: " ")
        }
    }
}

extension RequestError {
    /// The refusal as a page says it: the message, then the hint in the web app's words.
    package var pageMessage: String { RefusalHint.sentence(message, hint.flatMap(WebAdvice.words)) }
}
