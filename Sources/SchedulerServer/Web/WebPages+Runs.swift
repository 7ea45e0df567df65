import Foundation
import Hummingbird
import RunPosts
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// Runs from the phone: a FIT, GPX or TCX file uploaded, read by the same reader as `schedctl schedule --run`, and posted
/// through ``RunPostService``: each network's text from its template, the card drawn and attached. A preview is the
/// dry run (each network's text); scheduling shows the post with its card.
extension WebPages {
    package func addRunRoutes(to router: Router<WebContext>) {
        router.get("runs") { request, _ in
            let (session, typed) = try await blankForm(request)
            return try await runsPage(session, typed)
        }
        router.post("runs") { request, _ in try await postRun(request) }
    }

    package func postRun(_ request: Request) async throws -> Response {
        let (form, session, cutShort) = try await admitUpload(request, may: .changePosts)
        let typed = ComposeForm(form)
        if cutShort { return try await runsPage(session, typed, refused: Self.cutShortRefusal) }
        guard let upload = form.files["run"] else {
            return try await runsPage(session, typed, refused: RequestError.badRequest("choose a run file (FIT, GPX or TCX) to post"))
        }
        do {
            let zone = TimeZone(identifier: typed.zone) ?? self.zone
            let summary = try services.runs.summarize(uploadAt: upload.file.path, name: upload.filename, zone: zone)
            var post = typed.request
            post.text = ""
            let run = RunPostRequest(summary: summary, file: upload.filename, units: nil, templates: nil, runThread: nil, post: post)
            switch try await services.runs.schedule(run, author: PostAuthor(name: session.user.name, role: session.user.role)) {
            case .stored(let stored):
                logger.info("web run scheduled", metadata: ["web.user": "\(session.user.name)", "post.id": "\(stored.id)"])
                var response = Self.redirect("/posts/\(stored.id)")
                if let notes = stored.notes, !notes.isEmpty { response.setCookie(notesCookie(notes, postID: stored.id)) }
                return response
            case .preview(let preview):
                return try await runsPage(session, typed, preview: preview, runName: upload.filename)
            }
        } catch {
            guard let refused = Self.requestError(error) else { return try Self.refusal(error, next: "/runs") }
            return try await runsPage(session, typed, refused: refused)
        }
    }

    package func runsPage(_ session: WebSessions.Session, _ typed: ComposeForm, preview: DryRunView? = nil, runName: String? = nil,
                  refused: RequestError? = nil) async throws -> Response {
        var context = layout(session, title: "Post a run")
        await fillChoices(&context, session, typed)
        if let refused { context["error"] = refused.pageMessage }
        if let preview {
            context["preview"] = preview.deliveries.map { ["account": $0.account, "text": $0.text] as [String: Any] }
            context["runName"] = runName ?? "the run"
        }
        return Self.page("runs", context, status: refused?.status ?? .ok)
    }
}
