import Foundation
import SchedulerCore

/// A refusal's hint in schedctl's words: its commands and flags. The daemon sends the hint as facts
/// (``RefusalHint``); only here does it become `schedctl cancel 7` or `--at TIME`.
public enum RefusalHintText {
    /// The whole sentence schedctl prints: the daemon's message, then the hint in schedctl's words.
    public static func sentence(_ message: String, hint: RefusalHint?) -> String {
        RefusalHint.sentence(message, hint.flatMap(words))
    }

    /// The hint's advice, or nil for an action this schedctl does not know (a newer daemon's): the message stands alone.
    public static func words(_ hint: RefusalHint) -> String? {
        if let words = postWords(hint) ?? accountWords(hint) { return words }
        return hint.fieldWords(naming: flag)
    }

    private static func postWords(_ hint: RefusalHint) -> String? {
        let post = hint.post.map(String.init) ?? "POST"
        let delivery = hint.delivery.map { " --delivery \($0)" } ?? ""
        switch hint.action {
        case .listPosts: return "`schedctl list --state all` shows the posts"
        case .showPost: return hint.post == nil ? "`schedctl show POST` lists a post's deliveries with their ids"
                                                 : "`schedctl show \(post)` shows it as it is now"
        case .cancelPost: return "`schedctl cancel \(post)` cancels it"
        case .scheduleDraft: return "give it a time with `schedctl schedule --post \(post) --at TIME`"
        case .editTime: return "`schedctl edit \(post) --at TIME` changes its time"
        case .retry: return "`schedctl retry \(post)\(delivery)\(hint.force == true ? " --force" : "")` sends it again"
        case .retryOrResolve:
            return "look at the account first; if the post is not there, `schedctl retry \(post)\(delivery) --force` sends it again, "
                + "and if it is, `schedctl resolve \(post)\(delivery) --published URL` records it"
        case .listHandoffs: return "`schedctl handoff list` shows what waits"
        default: return nil
        }
    }

    private static func accountWords(_ hint: RefusalHint) -> String? {
        switch hint.action {
        case .listAccounts: return "`schedctl accounts list` shows the linked accounts"
        case .linkAccount: return hint.network.map { "or link with `schedctl accounts link \($0.rawValue)`" } ?? "start again with `schedctl accounts link`"
        case .relink: return hint.account.flatMap { RelinkCommand.text(account: $0) }.map { "relink it: " + $0 }
        case .cancelPending: return "cancel them first or pass --cancel-pending"
        case .setSlots: return "set them with `schedctl slots set \(hint.account ?? "ACCOUNT") mon-fri 07:30`"
        case .showSlots: return "compare their slots with `schedctl slots show`"
        case .listWebUsers: return "`schedctl web user list` shows them"
        case .changePassword: return "`schedctl web user passwd \(hint.name ?? "NAME")` changes their password"
        case .addOwner: return "add another owner first (`schedctl web user add NAME --role owner`)"
        default: return nil
        }
    }

    /// A request field as schedctl's flag for it, with its placeholder where the flag takes a value.
    public static func flag(_ field: RefusalHint.Field) -> String {
        switch field {
        case .at: "--at TIME"
        case .to: "--to ACCOUNT"
        case .textFor: "--text-for ACCOUNT=TEXT"
        case .delivery: "--delivery ID"
        case .after: "--after"
        case .handle: "--handle NAME"
        case .password: "the password on standard input or with --from-file"
        default: "--" + field.rawValue.replacingOccurrences(of: "_", with: "-")
        }
    }
}
