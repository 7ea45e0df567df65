import CryptoPrimitives
import Foundation
import Hummingbird
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// A post's page: where it goes and how each delivery stands (its link, its last error, its attempts), its picture, and
/// what the viewer's role may do with it: retry, cancel, resolve with a URL, duplicate, edit its text and time, and for
/// an owner approve or reject. Each change is a form with the session's CSRF token, done by the same services as
/// `schedctl`, and answered by the post's page again (with what was done) or by a page saying why not.
extension WebPages {
    package func addPostRoutes(to router: Router<WebContext>) {
        router.get("posts/:id") { request, context in try await postPage(request, id: context.parameters.get("id")) }
        router.post("posts/:id/retry") { request, context in
            try await change(request, id: context.parameters.get("id")) { id, _, _ in try await services.recovery.retry(postID: id, deliveryID: nil, force: false) }
        }
        router.post("posts/:id/cancel") { request, context in try await cancel(request, id: context.parameters.get("id")) }
        router.post("posts/:id/schedule") { request, context in
            try await change(request, id: context.parameters.get("id")) { id, form, _ in
                try await services.posts.scheduleDraft(id: id, ScheduleDraftRequest(at: form.trimmed("at") ?? "", tz: form.trimmed("zone")))
            }
        }
        router.post("posts/:id/resolve") { request, context in
            try await change(request, id: context.parameters.get("id")) { id, form, _ in
                try await services.recovery.resolve(postID: id, deliveryID: form["delivery"].flatMap(Int64.init), url: form.trimmed("url") ?? "")
            }
        }
        router.post("posts/:id/duplicate") { request, context in
            try await change(request, id: context.parameters.get("id"), landOnResult: true) { id, _, author in try await services.posts.duplicate(id: id, by: author) }
        }
        router.post("posts/:id/dismiss") { request, context in
            try await change(request, id: context.parameters.get("id")) { id, _, author in try await services.posts.dismissRejection(id: id, by: author) }
        }
        router.post("posts/:id/approve") { request, context in
            try await change(request, id: context.parameters.get("id")) { id, _, author in try await services.posts.approve(id: id, by: author) }
        }
        router.post("posts/:id/reject") { request, context in
            try await change(request, id: context.parameters.get("id")) { id, form, author in
                try await services.posts.reject(id: id, reason: form["reason"] ?? "", by: author)
            }
        }
        router.post("posts/:id/edit") { request, context in try await edit(request, id: context.parameters.get("id")) }
        router.get("media/:id") { request, context in try await media(request, id: context.parameters.get("id")) }
    }

    package func postPage(_ request: Request, id raw: String?, editing: PostEditForm? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        // What a change or scheduling said (a PNG converted for Instagram, how the time was read), carried over its redirect.
        let flashed = request.cookies[Self.notesCookieName].flatMap { Self.notes(fromCookie: $0.value) }
        let notes = flashed ?? []
        let session = try await requireSession(request)
        guard let id = raw.flatMap(Int64.init), id > 0 else { return Self.noPost(raw) }
        let post: PostView
        do { post = try await services.posts.post(id: id) } catch { return try Self.refusal(error, next: "/") }
        var context = layout(session, title: "Post \(id)")
        context["id"] = id
        context["text"] = post.text
        if let author = post.writtenBy { context["writtenBy"] = author }
        context["due"] = post.dueAt.map { timeFormat(request).string(from: $0) } ?? "a draft, with no time yet"
        context["deliveries"] = post.deliveries.map(deliveryEntry)
        context["media"] = post.media.map { ["id": $0.id, "alt": $0.alt ?? ""] }
        context.merge(Self.parts(of: post), uniquingKeysWith: { $1 })
        let states = Set(post.deliveries.map(\.state))
        let mayChange = session.user.role.may(.changePosts)
        context["mayChange"] = mayChange
        context["canRetry"] = !states.isDisjoint(with: [.failed, .missed, .expired])
        context["canCancel"] = !states.isDisjoint(with: [.draft, .awaitingApproval, .scheduled, .retrying])
        context["canResolve"] = !states.isDisjoint(with: [.failed, .unknown, .missed, .expired, .handedOff])
        let author = PostAuthor(name: session.user.name, role: session.user.role)
        // A post none of whose deliveries went out or may be out is edited as it waits; one that failed or was missed
        // is edited and scheduled again in the same change.
        let reschedulable = !states.isDisjoint(with: RecoveryRules.reschedulable) && states.isSubset(of: RecoveryRules.reschedulable.union([.cancelled]))
        context["canEdit"] = mayChange && !post.deliveries.isEmpty
            && (post.deliveries.allSatisfy { [.draft, .awaitingApproval, .scheduled].contains($0.state) } || reschedulable)
            && (try? services.posts.mayEdit(postID: post.id, states: post.deliveries.map(\.state), author: author)) != nil
        context["reschedule"] = reschedulable
        context["canSchedule"] = mayChange && states == [.draft]
        context["awaiting"] = states.contains(.awaitingApproval)
        context["mayApprove"] = states.contains(.awaitingApproval) && session.user.role.may(.approvePosts)
        if context["canEdit"] as? Bool == true {
            // The accounts to tick are read only for a page that offers the edit form.
            let linked = (try? await services.accounts.list(includeRevoked: false)) ?? []
            context["edit"] = (editing ?? PostEditForm(post)).context(for: post, linked: linked)
        } else if context["canSchedule"] as? Bool == true {
            context["edit"] = ["zone": post.dueZone]
        }
        if let error = editing?.error { context["editError"] = error }
        if let history = try? await services.recovery.history(postID: id) {
            let entries = historyEntries(history, format: timeFormat(request))
            context["history"] = entries
            context["hasHistory"] = !entries.isEmpty
        }
        if !notes.isEmpty { context["notes"] = notes }
        var response = Self.page("post", context, status: status)
        if flashed != nil { response.setCookie(notesCookie([], postID: id)) }
        return response
    }

    package static let notesCookieName = "schedulerd_notes"

    /// A post's notes for the page the browser is sent to next: a cookie for that page only, read once, a minute at most.
    /// Notes are the service's words about the post (never a secret); too many to fit a cookie are left to `schedctl show`.
    package func notesCookie(_ notes: [String], postID: Int64) -> Cookie {
        let encoded = notes.isEmpty ? "" : (try? JSONEncoder().encode(notes)).map { Base64.encodeURL(Array($0)) } ?? ""
        return Cookie(name: Self.notesCookieName, value: encoded.count > 3_000 ? "" : encoded, maxAge: encoded.isEmpty ? 0 : 60,
                      path: "/posts/\(postID)", secure: configuration.isHTTPS, httpOnly: true, sameSite: .lax)
    }

    package static func notes(fromCookie value: String) -> [String]? {
        guard !value.isEmpty, let bytes = Base64.decodeURL(value) else { return nil }
        return try? JSONDecoder().decode([String].self, from: Data(bytes))
    }

    /// A delivery as the post's page lists it; its link only when it is a web address (never `javascript:`).
    package func deliveryEntry(_ delivery: DeliveryView) -> [String: Any] {
        var entry: [String: Any] = ["id": delivery.id, "account": delivery.account, "state": delivery.state.rawValue, "stateWords": Self.words(delivery.state)]
        if let url = delivery.remoteUrl, url.lowercased().hasPrefix("https://") || url.lowercased().hasPrefix("http://") { entry["url"] = url }
        if let error = delivery.error { entry["error"] = error }
        entry["ownText"] = delivery.text ?? ""
        entry["hasOwnText"] = delivery.text != nil
        if let comment = delivery.firstComment { entry["firstComment"] = comment }
        return entry
    }

    package func historyEntries(_ history: HistoryView, format: DateFormatter) -> [[String: Any]] {
        return history.deliveries.flatMap { delivery in
            delivery.attempts.map { attempt -> [String: Any] in
                var entry: [String: Any] = ["account": delivery.account, "at": format.string(from: attempt.startedAt), "outcome": attempt.outcome]
                if let status = attempt.httpStatus { entry["http"] = status }
                if let excerpt = attempt.excerpt { entry["excerpt"] = excerpt }
                return entry
            }
        }
    }

    /// A change to post `id`: signed in, with the session's token, by a role that may change posts; then the service,
    /// given the form and the person. `landOnResult`: show the post the change made (a duplicate) rather than `id`.
    package func change(_ request: Request, id raw: String?, landOnResult: Bool = false,
                _ action: (Int64, WebForm, PostAuthor) async throws -> PostView) async throws -> Response {
        let (form, session) = try await admit(request, may: .changePosts)
        return try await change(request, id: raw, form: form, session: session, landOnResult: landOnResult, action)
    }

    /// A change whose form was already admitted (signed in, its token, its role).
    package func change(_ request: Request, id raw: String?, form: WebForm, session: WebSessions.Session, landOnResult: Bool = false,
                _ action: (Int64, WebForm, PostAuthor) async throws -> PostView) async throws -> Response {
        guard let id = raw.flatMap(Int64.init), id > 0 else { return Self.noPost(raw) }
        let done: PostView
        do { done = try await action(id, form, PostAuthor(name: session.user.name, role: session.user.role)) } catch {
            return try Self.refusal(error, next: "/posts/\(id)")
        }
        logger.info("web change", metadata: ["web.user": "\(session.user.name)", "http.path": "\(request.uri.path)"])
        if landOnResult { return self.done(on: done.id, notes: ["A copy of post \(id), as a draft."]) }
        return self.done(on: id, notes: done.notes ?? ["Done."])
    }

    /// What a change did, shown on the post's page after a redirect: reloading that page shows it again and submits
    /// nothing (the notes ride a cookie for that page, read once).
    package func done(on postID: Int64, notes: [String]) -> Response {
        var response = Self.redirect("/posts/\(postID)")
        response.setCookie(notesCookie(notes, postID: postID))
        return response
    }

    /// A post's picture, for its page and the composer's preview: signed-in people only, by its SHA-256.
    package func media(_ request: Request, id raw: String?) async throws -> Response {
        _ = try await requireSession(request)
        guard let id = raw, id.count == 64, id.allSatisfy(\.isHexDigit) else { throw HTTPError(.notFound) }
        let file: (contentType: String, bytes: [UInt8])
        do { file = try await services.media.download(id: id) } catch { throw HTTPError(.notFound) }
        return Response(status: .ok, headers: [.contentType: file.contentType, .cacheControl: "private, max-age=86400"],
                        body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }

    /// A service's message (written for a terminal, without a final stop) as a sentence a page can follow with another.
    package static func sentence(_ message: String) -> String {
        guard let last = message.last, !".!?".contains(last) else { return message }
        return message + "."
    }

    package static func noPost(_ raw: String?) -> Response {
        problemPage(status: .notFound, heading: "No such post", message: "There is no post '\(raw ?? "")'.", next: "/", nextWords: "Back to Today")
    }

    /// What a service refused, in its own words (escaped by the template), with the status the control API would give.
    /// Anything else is thrown on: the store failing becomes the page that names its cause (``StoreFailurePages``), as the
    /// control API's 503 does, and anything else the page that something went wrong.
    package static func refusal(_ error: any Error, next: String) throws -> Response {
        guard let refused = requestError(error) else { throw error }
        return problemPage(status: refused.status, heading: "Not done", message: sentence(refused.pageMessage) + " Nothing was changed.", next: next, nextWords: "Back")
    }
}
