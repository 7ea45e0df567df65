import Foundation
import Hummingbird
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// The post page's edit, and its cancel, which asks first. The page only translates: the form becomes the same
/// ``EditPostRequest`` schedctl's `edit` sends, with the version the page showed as its precondition, and
/// ``PostService/edit(id:_:author:)`` decides. A refusal shows the page again with what was typed kept.
extension WebPages {
    package func edit(_ request: Request, id raw: String?) async throws -> Response {
        let (form, session) = try await admit(request, may: .changePosts)
        guard let id = raw.flatMap(Int64.init), id > 0 else { return Self.noPost(raw) }
        let current: PostView
        do { current = try await services.posts.post(id: id) } catch { return try Self.refusal(error, next: "/posts/\(id)") }
        var typed = PostEditForm(form, over: current)
        let done: PostView
        do {
            done = try await services.posts.edit(id: id, typed.patch(against: current), author: PostAuthor(name: session.user.name, role: session.user.role))
        } catch {
            guard let refused = Self.requestError(error) else { return try Self.refusal(error, next: "/posts/\(id)") }
            let problems = (refused.problems ?? []).map(Self.sentence).joined(separator: " ")
            typed.error = Self.sentence(refused.pageMessage) + (problems.isEmpty ? "" : " " + problems) + " Nothing was changed; what you typed is kept below."
            return try await postPage(request, id: raw, editing: typed, status: refused.status)
        }
        logger.info("web change", metadata: ["web.user": "\(session.user.name)", "http.path": "\(request.uri.path)"])
        return self.done(on: id, notes: ["Saved."] + (done.notes ?? []))
    }

    /// Cancelling asks first, naming the deliveries it stops; only the answer's form (`confirm=yes`) cancels.
    package func cancel(_ request: Request, id raw: String?) async throws -> Response {
        let (form, session) = try await admit(request, may: .changePosts)
        guard let id = raw.flatMap(Int64.init), id > 0 else { return Self.noPost(raw) }
        guard form["confirm"] == "yes" else {
            let post: PostView
            do { post = try await services.posts.post(id: id) } catch { return try Self.refusal(error, next: "/posts/\(id)") }
            let stopped = post.deliveries.filter { DeliveryLifecycle.cancellable.contains($0.state) }.map(\.account)
            var context = layout(session, title: "Cancel post \(id)")
            context["id"] = id
            context["text"] = post.text
            context["stops"] = stopped.isEmpty ? "Nothing of it is waiting any more." : "It will not go to \(stopped.joined(separator: ", "))."
            return Self.page("cancel", context)
        }
        return try await change(request, id: raw, form: form, session: session) { id, _, _ in try await services.posts.cancel(id: id) }
    }

    /// A post's parts besides its text for its page: the thread's next parts, the options, the series it belongs to.
    package static func parts(of post: PostView) -> [String: Any] {
        var parts: [String: Any] = [:]
        if let thread = post.thread, !thread.isEmpty {
            parts["thread"] = thread.enumerated().map { ["number": $0.offset + 2, "text": $0.element.text] }
        }
        var options: [String] = []
        if let visibility = post.options?.visibility { options.append("Mastodon visibility: \(visibility.rawValue)") }
        if let warning = post.options?.contentWarning { options.append("content warning: \(warning)") }
        if let language = post.options?.language { options.append("language: \(language)") }
        if !options.isEmpty { parts["options"] = options.joined(separator: " · ") }
        if let series = post.series {
            parts["series"] = "Occurrence \(series.index) of series \(series.id) (\(series.rule))"
                + (series.editedAlone == true ? "; edited on its own, so edits of the whole series leave it as it is" : "")
            parts["inSeries"] = true
        }
        return parts
    }
}

/// The post page's edit form, as typed: every field of the patch the page offers. ``patch(against:)`` sends only
/// what differs from the post as it is, so a field left as shown changes nothing.
package struct PostEditForm {
    package var text: String
    package var at: String
    package var zone: String
    /// Each account's own text, by account reference (the composer's `override:ACCOUNT` boxes).
    package var ownTexts: [String: String]
    /// The accounts ticked (the composer's `account` boxes); nil when the form did not show them.
    package var accounts: [String]?
    package var firstComment: String
    package var visibility: String
    package var contentWarning: String
    package var language: String
    /// Each picture's alt text, in the post's order, by the file's id.
    package var alts: [(id: String, alt: String)]
    /// `series`: the text of every occurrence still to come; else this post only.
    package var scope: String
    package var version: String
    /// The post did not go out (failed, missed): saving schedules it again at the time given.
    package var reschedule = false
    package var error: String?

    package init(_ post: PostView) {
        text = post.text; at = post.dueLocal; zone = post.dueZone
        ownTexts = Dictionary(post.deliveries.compactMap { delivery in delivery.text.map { (delivery.account, $0) } }, uniquingKeysWith: { first, _ in first })
        accounts = post.deliveries.filter { $0.state != .cancelled }.map(\.account)
        firstComment = post.deliveries.compactMap(\.firstComment).first ?? ""
        visibility = post.options?.visibility?.rawValue ?? ""
        contentWarning = post.options?.contentWarning ?? ""
        language = post.options?.language ?? ""
        alts = post.media.map { ($0.id, $0.alt ?? "") }
        scope = "this"
        version = String(post.version)
    }

    /// The form as posted over `post` as it is: a field the form did not carry stays as stored, so a form that shows
    /// fewer fields (an older page, a script) changes only what it sends.
    package init(_ form: WebForm, over post: PostView) {
        self.init(post)
        text = form["text"] ?? text; at = form["at"] ?? at; zone = form.trimmed("zone") ?? zone
        for (name, value) in form.values where name.hasPrefix("override:") && !value.isEmpty { ownTexts[String(name.dropFirst(9))] = value }
        if form["accounts_shown"] == "yes" { accounts = form.all("account") }
        firstComment = form["first_comment"] ?? firstComment
        visibility = form["visibility"].map { $0.trimmingCharacters(in: .whitespaces) } ?? visibility
        contentWarning = form["content_warning"] ?? contentWarning
        language = form["language"].map { $0.trimmingCharacters(in: .whitespaces) } ?? language
        alts = alts.map { ($0.id, form["alt:\($0.id)"] ?? $0.alt) }
        scope = form["scope"] == "series" ? "series" : "this"
        version = form["version"] ?? ""
        reschedule = form["reschedule"] == "yes"
    }

    /// The patch: each field only when it differs from `current`, with the version the page showed.
    package func patch(against current: PostView) throws -> EditPostRequest {
        guard let shown = Int64(version) else { throw RequestError.badRequest("the form lost the post's version; open the post again") }
        let was = PostEditForm(current)
        if scope == "series" {
            return EditPostRequest(text: text, series: true, version: shown)
        }
        var request = EditPostRequest(version: shown, reschedule: reschedule ? true : nil)
        if text != was.text { request.text = text }
        if reschedule || at.trimmingCharacters(in: .whitespaces) != was.at || (!zone.isEmpty && zone != was.zone) {
            request.at = at; request.tz = zone.isEmpty ? nil : zone
        }
        let before = was.accounts ?? [], after = accounts ?? before
        let added = after.filter { !before.contains($0) }, removed = before.filter { !after.contains($0) }
        if !added.isEmpty { request.addTo = added }
        if !removed.isEmpty { request.removeFrom = removed }
        let changed = ownTexts.filter { after.contains($0.key) && was.ownTexts[$0.key] != $0.value }
        if !changed.isEmpty { request.overrides = changed }
        if firstComment != was.firstComment { request.firstComment = firstComment }
        if visibility != was.visibility { request.visibility = visibility }
        if contentWarning != was.contentWarning { request.contentWarning = contentWarning }
        if language != was.language { request.language = language }
        // New alt texts keep the same files: the patch names each file by its id with its alt.
        if alts.map(\.alt) != was.alts.map(\.alt) { request.media = alts.map { MediaReference(id: $0.id, alt: $0.alt.isEmpty ? nil : $0.alt) } }
        return request
    }

    /// What the page's form shows: the fields as typed (or as stored); the accounts to tick and each one's own text as
    /// the composer shows them (`linked`: every account that can be ticked).
    package func context(for post: PostView, linked: [AccountView]) -> [String: Any] {
        let ticked = accounts ?? []
        let choices = linked.map { WebPages.accountChoice($0, checked: ticked.contains($0.reference), override: ownTexts[$0.reference]) }
        let common = post.deliveries.filter { $0.text == nil }.map(\.account)
        return ["text": text, "at": at, "zone": zone, "version": version, "firstComment": firstComment, "contentWarning": contentWarning,
                "language": language, "accounts": choices, "pictures": alts.map { ["id": $0.id, "alt": $0.alt] }, "noAccounts": linked.isEmpty, "inSeries": post.series != nil,
                "commonGoesTo": common.isEmpty ? "no account: each has its own text below" : common.joined(separator: ", "),
                "visibilities": ComposeForm.visibilityChoices(selected: visibility),
                "seriesScope": scope == "series"]
    }
}
