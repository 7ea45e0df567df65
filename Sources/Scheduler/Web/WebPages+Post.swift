import Foundation
import Hummingbird
import SchedulerCore

/// A post's page: where it goes and how each delivery stands, with retry and cancel for those whose role may change
/// posts. Each change is a form with the session's CSRF token, done by the same services as `schedctl retry` and
/// `schedctl cancel`, and answered by the post's page again (with what was done) or by a page saying why not.
extension WebPages {
    func addPostRoutes(to router: Router<WebContext>) {
        router.get("posts/:id") { request, context in try await postPage(request, id: context.parameters.get("id")) }
        router.post("posts/:id/retry") { request, context in
            try await change(request, id: context.parameters.get("id")) { id in try await recovery.retry(postID: id, deliveryID: nil, force: false) }
        }
        router.post("posts/:id/cancel") { request, context in
            try await change(request, id: context.parameters.get("id")) { id in try await posts.cancel(id: id) }
        }
    }

    func postPage(_ request: Request, id raw: String?, notes: [String] = []) async throws -> Response {
        guard let session = try await signedIn(request) else { return Self.redirect("/login") }
        guard let id = raw.flatMap(Int64.init), id > 0 else { return Self.noPost(raw) }
        let post: PostView
        do { post = try await posts.post(id: id) } catch { return Self.refusal(error, next: "/") }
        var context = layout(session, title: "Post \(id)")
        context["id"] = id
        context["text"] = post.text
        context["due"] = post.dueAt.map { Self.dueFormat(zone).string(from: $0) } ?? "a draft, with no time yet"
        context["deliveries"] = post.deliveries.map(deliveryEntry)
        context["mayChange"] = session.user.role.may(.changePosts)
        context["canRetry"] = post.deliveries.contains { [.failed, .missed, .expired].contains($0.state) }
        context["canCancel"] = post.deliveries.contains { [.draft, .scheduled, .retrying].contains($0.state) }
        if !notes.isEmpty { context["notes"] = notes }
        return Self.page("post", context)
    }

    /// A delivery as the post's page lists it; its link only when it is a web address (never `javascript:`).
    func deliveryEntry(_ delivery: DeliveryView) -> [String: Any] {
        var entry: [String: Any] = ["account": delivery.account, "state": delivery.state.rawValue,
                                    "stateWords": delivery.state.rawValue.replacingOccurrences(of: "_", with: " ")]
        if let url = delivery.remoteUrl, url.lowercased().hasPrefix("https://") || url.lowercased().hasPrefix("http://") { entry["url"] = url }
        if let error = delivery.error { entry["error"] = error }
        return entry
    }

    /// A change to post `id`: signed in, with the session's token, by a role that may change posts; then the service.
    func change(_ request: Request, id raw: String?, _ action: (Int64) async throws -> PostView) async throws -> Response {
        let form = try await WebForm.read(request)
        guard let session = try await signedIn(request) else { return Self.redirect("/login") }
        guard form.carries(csrf: session.csrf) else { return Self.csrfRefusal() }
        guard session.user.role.may(.changePosts) else {
            return Self.problemPage(status: .forbidden, heading: "Not yours to change",
                                    message: "\(session.user.name) is a \(session.user.role.rawValue), who can read posts but not change them. Nothing was changed.",
                                    next: "/", nextWords: "Back to Today")
        }
        guard let id = raw.flatMap(Int64.init), id > 0 else { return Self.noPost(raw) }
        let done: PostView
        do { done = try await action(id) } catch { return Self.refusal(error, next: "/posts/\(id)") }
        logger.info("web change", metadata: ["web.user": "\(session.user.name)", "http.path": "\(request.uri.path)"])
        return try await postPage(request, id: raw, notes: done.notes ?? ["Done."])
    }

    static func noPost(_ raw: String?) -> Response {
        problemPage(status: .notFound, heading: "No such post", message: "There is no post '\(raw ?? "")'.", next: "/", nextWords: "Back to Today")
    }

    /// What a service refused, in its own words (escaped by the template), with the status the control API would give.
    static func refusal(_ error: any Error, next: String) -> Response {
        guard let refused = error as? RequestError ?? (error as? StoreError).map(RequestError.init) else {
            return problemPage(status: .serviceUnavailable, heading: "Not now",
                               message: "The database does not answer just now. Nothing was changed; try again in a moment.",
                               next: next, nextWords: "Try again")
        }
        return problemPage(status: refused.status, heading: "Not done", message: refused.message + " Nothing was changed.", next: next, nextWords: "Back")
    }
}
