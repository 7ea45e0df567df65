import SchedulerCore

/// A refusal's hint in the control API's words: its routes and request fields (`at`, `next_slot`), for the error body's
/// `advice`, beside the hint itself as data. Never a schedctl flag or command: a program reads this answer.
package enum APIAdvice {
    package static func words(_ hint: RefusalHint) -> String? {
        if let words = postWords(hint) ?? accountWords(hint) { return words }
        return hint.fieldWords { "`\($0.rawValue)`" }
    }

    private static func postWords(_ hint: RefusalHint) -> String? {
        let post = hint.post.map(String.init) ?? "{id}"
        let delivery = hint.delivery.map { " with `delivery` \($0)" } ?? ""
        switch hint.action {
        case .listPosts: return "GET /v1/posts?state=all lists the posts"
        case .showPost: return hint.post == nil ? "GET /v1/posts/{id} lists a post's deliveries with their ids"
                                                 : "GET /v1/posts/\(post) answers it as it is now, with its `version`"
        case .cancelPost: return "POST /v1/posts/\(post)/cancel cancels it"
        case .scheduleDraft: return "give it a time with POST /v1/posts/\(post)/schedule and `at`"
        case .editTime: return "PATCH /v1/posts/\(post) with `at` changes its time"
        case .retry:
            return "POST /v1/posts/\(post)/retry\(delivery)\(hint.force == true ? (delivery.isEmpty ? " with" : " and") + " `force` true" : "") sends it again"
        case .retryOrResolve:
            return "look at the account first; if the post is not there, POST /v1/posts/\(post)/retry\(delivery) "
                + "\(delivery.isEmpty ? "with" : "and") `force` true sends it again, and if it is, POST /v1/posts/\(post)/resolve\(delivery) "
                + "\(delivery.isEmpty ? "with" : "and") `published_url` records it"
        case .listHandoffs: return "GET /v1/handoffs lists what waits"
        default: return nil
        }
    }

    private static func accountWords(_ hint: RefusalHint) -> String? {
        switch hint.action {
        case .listAccounts: return "GET /v1/accounts lists the linked accounts"
        case .linkAccount: return hint.network.map { "or link it with POST /v1/links and `network` \($0.rawValue)" } ?? "start again with POST /v1/links"
        case .relink:
            let handle = hint.account.flatMap { $0.split(separator: ":", maxSplits: 1).last }.map { " signed in as \($0)" } ?? ""
            return "relink it: POST /v1/links\(handle), or POST /v1/accounts with a new token of it"
        case .cancelPending: return "cancel them first or send `cancel_pending=true`"
        case .setSlots: return "set them with PUT /v1/accounts/\(hint.account ?? "{ref}")/slots"
        case .showSlots: return "compare their slots with GET /v1/slots"
        case .listWebUsers: return "GET /v1/web/users lists them"
        case .changePassword: return "PUT /v1/web/users/\(hint.name ?? "{name}")/password changes their password"
        case .addOwner: return "add another owner first (POST /v1/web/users with `role` owner)"
        default: return nil
        }
    }
}
