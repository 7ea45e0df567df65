import Foundation
import Hummingbird
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// The composer: one text, the accounts ticked, an image with its alt text, a time (the CLI's forms, in a zone the
/// viewer picks), next free slot, repeat, thread parts, a first comment and per-account texts. It becomes the same
/// `SchedulePostRequest` as `schedctl schedule`, checked by the same ``PostService``; a preview is its dry run. A
/// refused post comes back with everything typed, the image kept by its id.
extension WebPages {
    package func addComposeRoutes(to router: Router<WebContext>) {
        router.get("compose") { request, _ in
            let (session, typed) = try await blankForm(request)
            return try await composePage(session, typed)
        }
        router.post("compose") { request, _ in try await compose(request) }
    }

    package func compose(_ request: Request) async throws -> Response {
        let (form, session, cutShort) = try await admitUpload(request, may: .changePosts)
        var typed = ComposeForm(form)
        if cutShort { return try await composePage(session, typed, refused: Self.cutShortRefusal) }
        do {
            if let upload = form.files["media"] {
                typed.mediaID = try await services.media.upload(upload.bytes()).id
                typed.mediaName = upload.filename
            }
            let answer = try await services.posts.schedule(typed.request, author: PostAuthor(name: session.user.name, role: session.user.role))
            switch answer {
            case .stored(let post):
                logger.info("web post scheduled", metadata: ["web.user": "\(session.user.name)", "post.id": "\(post.id)"])
                var response = Self.redirect("/posts/\(post.id)")
                response.setCookie(zoneCookie(typed.zone))
                if let notes = post.notes, !notes.isEmpty { response.setCookie(notesCookie(notes, postID: post.id)) }
                return response
            case .preview(let preview):
                return try await composePage(session, typed, preview: preview)
            }
        } catch {
            guard let refused = Self.requestError(error) else { return try Self.refusal(error, next: "/compose") }
            return try await composePage(session, typed, refused: refused)
        }
    }

    package func composePage(_ session: WebSessions.Session, _ typed: ComposeForm, preview: DryRunView? = nil,
                     refused: RequestError? = nil) async throws -> Response {
        var context = layout(session, title: "Compose")
        await fillChoices(&context, session, typed)
        if let refused {
            context["error"] = refused.pageMessage
            if let problems = refused.problems, problems.count > 1 { context["problems"] = problems }
        }
        if let preview {
            context["preview"] = preview.deliveries.map { ["account": $0.account, "text": $0.text, "length": $0.weightedLength] as [String: Any] }
            context["previewTime"] = "\(preview.dueLocal) (\(preview.dueZone))"
            if let notes = preview.notes { context["previewNotes"] = notes }
            if let occurrences = preview.occurrences, !occurrences.isEmpty {
                context["occurrences"] = occurrences.map { "\($0.dueLocal) (\($0.dueZone))" }
            }
        }
        return Self.page("compose", context, status: refused?.status ?? .ok)
    }

    /// A new composer or runs form for someone who may write posts: in the viewer's zone, at the time `?at=` names
    /// (the calendar's "new post here").
    package func blankForm(_ request: Request) async throws -> (WebSessions.Session, ComposeForm) {
        let session = try await requireSession(request)
        guard session.user.role.may(.changePosts) else { throw WebRefusal(response: Self.notAllowed(session, .changePosts)) }
        var typed = ComposeForm()
        typed.at = request.uri.queryParameters.get("at").map { String($0) } ?? ""
        typed.accounts = request.uri.queryParameters.getAll("account").map { String($0) }
        typed.zone = viewerZone(request)
        return (session, typed)
    }

    /// What the composer and the runs page both offer: the accounts to tick (by avatar and name), what was typed, the
    /// zones, and whether the post will wait for an owner.
    package func fillChoices(_ context: inout [String: Any], _ session: WebSessions.Session, _ typed: ComposeForm) async {
        let accounts = (try? await services.accounts.list(includeRevoked: false)) ?? []
        context["accounts"] = accounts.map { Self.accountChoice($0, checked: typed.accounts.contains($0.reference), override: typed.overrides[$0.reference]) }
        context["noAccounts"] = accounts.isEmpty
        context["typed"] = typed.context
        context["zones"] = Self.zoneOptions(selected: typed.zone)
        context["needsApproval"] = services.posts.approvalRequired && session.user.role.needsApproval
    }

    /// An account to tick, as the composer and the post's edit form show it (the `account-choices` partial): its avatar's
    /// initial and name, whether it is ticked, and its own text, if it has one.
    package static func accountChoice(_ account: AccountView, checked: Bool, override: String?) -> [String: Any] {
        ["reference": account.reference, "name": account.displayName, "initial": String(account.displayName.prefix(1)).uppercased(),
         "network": account.network.displayName, "checked": checked, "override": override ?? "", "hasOverride": override != nil]
    }

    /// A service's refusal as a typed value, for a page that shows it beside what was typed.
    package static func requestError(_ error: any Error) -> RequestError? {
        if let store = error as? StoreError, store.code == .cannotOpen || store.code == .corrupt { return nil }  // the store failing
        return error as? RequestError ?? (error as? StoreError).map(RequestError.init)
    }
}

/// What the person typed in the composer, read from the form and given back to the page as it was.
package struct ComposeForm: Sendable {
    package var text = ""
    package var accounts: [String] = []
    package var overrides: [String: String] = [:]
    package var alt = ""
    package var mediaID: String?
    package var mediaName: String?
    package var at = ""
    package var zone = ""
    package var nextSlot = false
    package var repeatRule = ""
    package var thread = ""
    package var firstComment = ""
    package var visibility = ""
    package var contentWarning = ""
    package var language = ""
    package var action = "schedule"

    package init() {}

    package init(_ form: WebForm) {
        text = form["text"] ?? ""
        accounts = form.all("account")
        for account in accounts { if let override = form.trimmed("override:\(account)") { overrides[account] = override } }
        alt = form["alt"] ?? ""
        mediaID = form.trimmed("media_id")
        mediaName = form.trimmed("media_name")
        at = form["at"] ?? ""
        zone = form["zone"] ?? ""
        nextSlot = form["next_slot"] == "on"
        repeatRule = form["repeat"] ?? ""
        thread = form["thread"] ?? ""
        firstComment = form["first_comment"] ?? ""
        visibility = form.trimmed("visibility") ?? ""
        contentWarning = form["content_warning"] ?? ""
        language = form.trimmed("language") ?? ""
        action = form["action"] ?? "schedule"
    }

    /// Mastodon's visibilities for a select, the account's default first; the composer's and the edit form's.
    package static func visibilityChoices(selected: String) -> [[String: Any]] {
        ["", "public", "unlisted", "private", "direct"].map { ["value": $0, "label": $0.isEmpty ? "the account's default" : $0, "selected": $0 == selected] }
    }

    /// The thread's parts after the first: one per block, blocks separated by a line holding `---`.
    package var threadParts: [String] {
        thread.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n---\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    package var request: SchedulePostRequest {
        let draft = action == "draft"
        let time = at.trimmingCharacters(in: .whitespaces)
        let media = mediaID.map { [MediaReference(id: $0, alt: alt.isEmpty ? nil : alt, name: mediaName)] }
        let parts = threadParts.map { ThreadPartRequest(text: $0) }
        let comment = firstComment.trimmingCharacters(in: .whitespacesAndNewlines)
        let rule = repeatRule.trimmingCharacters(in: .whitespaces)
        return SchedulePostRequest(text: text, to: accounts, at: draft || nextSlot || time.isEmpty ? nil : time, tz: zone.isEmpty ? nil : zone,
                                   overrides: overrides.isEmpty ? nil : overrides, dryRun: action == "preview" ? true : nil, media: media,
                                   draft: draft ? true : nil, nextSlot: nextSlot && !draft ? true : nil, repeatRule: rule.isEmpty ? nil : rule,
                                   thread: parts.isEmpty ? nil : parts, firstComment: comment.isEmpty ? nil : comment,
                                   visibility: visibility.isEmpty ? nil : visibility,
                                   contentWarning: contentWarning.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : contentWarning,
                                   language: language.isEmpty ? nil : language)
    }

    package var context: [String: Any] {
        var context: [String: Any] = ["text": text, "alt": alt, "at": at, "nextSlot": nextSlot, "repeat": repeatRule, "thread": thread,
                                      "firstComment": firstComment, "contentWarning": contentWarning, "language": language,
                                      "visibilities": Self.visibilityChoices(selected: visibility)]
        if let mediaID { context["mediaID"] = mediaID; context["mediaName"] = mediaName ?? "the image" }
        return context
    }
}

/// The composer's live counts: `POST /check` with the session's token, the text and the accounts ticked (each with its
/// own text, when it has one), answered with each account's count, limit and problems as its network counts them
/// (``PostService/count(text:account:)``); with no account, the networks named (`network`), as `schedctl check` does.
extension WebPages {
    package struct CountAnswer: Encodable {
        package var account: String?
        package var network: String
        package var length: Int
        package var limit: Int
        package var problems: [String]
    }

    /// More than anyone ticks: the answer stays small whatever the form sends.
    package static let mostCountsAsked = 32

    package func addCheckRoute(to router: Router<WebContext>) {
        router.post("check") { request, _ -> Response in
            let form = try await WebForm.read(request)
            guard let session = try await signedIn(request), form.carries(csrf: session.csrf) else { return Response(status: .forbidden) }
            let text = form["text"] ?? ""
            var answers: [CountAnswer] = []
            for reference in form.all("account").prefix(Self.mostCountsAsked) {
                let own = form.trimmed("override:\(reference)")
                guard let view = try? await services.posts.count(text: own ?? text, account: reference) else { continue }
                answers.append(CountAnswer(account: reference, network: view.network.displayName, length: view.weightedLength, limit: view.maxLength,
                                           problems: view.problems))
            }
            for network in form.all("network").compactMap(Network.init(rawValue:)).prefix(Network.allCases.count) {
                guard let view = try? services.posts.check(CheckRequest(text: text, network: network)) else { continue }
                answers.append(CountAnswer(network: network.displayName, length: view.weightedLength, limit: view.maxLength, problems: view.problems))
            }
            let body = try JSONEncoder().encode(answers)
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
    }
}
