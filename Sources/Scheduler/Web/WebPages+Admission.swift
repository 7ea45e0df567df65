import Foundation
import Hummingbird
import SchedulerCore

/// A page that answers a request in place of its handler's: thrown by ``WebPages/admit(_:may:limit:)`` and sent as it
/// is (with the security headers) by ``SecurityHeadersMiddleware``.
struct WebRefusal: Error {
    let response: Response
}

/// The one gate every change passes: the form read whole, a person signed in, the session's CSRF token, and a role that
/// may do it (``WebRole/may(_:)``). Each refusal is a page that says what happened and that nothing was changed.
extension WebPages {
    func admit(_ request: Request, may action: WebAction, limit: Int = WebForm.limit) async throws -> (WebForm, WebSessions.Session) {
        let form = try await WebForm.read(request, limit: limit)
        let session = try await requireSession(request)
        guard form.carries(csrf: session.csrf) else { throw WebRefusal(response: Self.csrfRefusal()) }
        guard session.user.role.may(action) else { throw WebRefusal(response: Self.notAllowed(session, action)) }
        return (form, session)
    }

    /// A role that does not include `action`, said in words.
    static func notAllowed(_ session: WebSessions.Session, _ action: WebAction) -> Response {
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
