import Foundation
import Hummingbird
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// A page that answers a request in place of its handler's: thrown by ``WebPages/admit(_:may:limit:)`` and sent as it
/// is (with the security headers) by ``SecurityHeadersMiddleware``.
package struct WebRefusal: Error {
    package let response: Response
}

/// The one gate every change passes: a person signed in, a role that may do it (``WebRole/may(_:)``), then the form
/// with the session's CSRF token. Who is asking is settled from the request's head before any of the body is read: a
/// 39 MB upload without a session costs the daemon nothing but the reading it throws away (issue 47). A form with a
/// file must carry the token as its first field, checked before the file is read (``WebFormAssembler``). Each refusal
/// is a page that says what happened and that nothing was changed.
extension WebPages {
    package func admit(_ request: Request, may action: WebAction, limit: Int = WebForm.limit) async throws -> (WebForm, WebSessions.Session) {
        let session = try await admitted(request, may: action)
        let form = try await WebForm.read(request, limit: limit, csrf: session.csrf)
        guard form.carries(csrf: session.csrf) else { throw WebRefusal(response: Self.csrfRefusal()) }
        return (form, session)
    }

    /// ``admit(_:may:limit:)`` for a form with a file (the composer, a run): a body cut short comes back as what was
    /// read of it, `cutShort` true, so the page is shown again with what was typed (400) rather than an error page.
    package func admitUpload(_ request: Request, may action: WebAction) async throws -> (form: WebForm, session: WebSessions.Session, cutShort: Bool) {
        let session = try await admitted(request, may: action)
        do {
            let form = try await WebForm.read(request, limit: WebForm.uploadLimit, csrf: session.csrf)
            guard form.carries(csrf: session.csrf) else { throw WebRefusal(response: Self.csrfRefusal()) }
            return (form, session, false)
        } catch WebFormError.cutShort(let partial) {
            return (partial, session, true)
        }
    }

    /// What a page shows above the form given back after ``admitUpload(_:may:)`` found it cut short.
    package static let cutShortRefusal = RequestError.badRequest(
        "the form arrived cut short (the connection may have dropped), so nothing was saved: check what is below, choose the file again, and send it")

    /// The session, when its person may do `action`; from the request's head only.
    private func admitted(_ request: Request, may action: WebAction) async throws -> WebSessions.Session {
        let session = try await requireSession(request)
        guard session.user.role.may(action) else { throw WebRefusal(response: Self.notAllowed(session, action)) }
        return session
    }

    /// A role that does not include `action`, said in words.
    package static func notAllowed(_ session: WebSessions.Session, _ action: WebAction) -> Response {
        let what = switch action {
        case .read: "read this"
        case .changePosts: "write or change posts"
        case .manageAccounts: "link or unlink accounts, or see the daemon's status"
        case .approvePosts: "approve or reject posts"
        }
        let role = session.user.role
        return problemPage(status: .forbidden, heading: "Not yours to change",
                           message: "\(session.user.name) is \(role == .editor ? "an" : "a") \(role.rawValue), who may not \(what). Nothing was changed.",
                           next: "/", nextWords: "Back to Today")
    }
}
