import Foundation
import Hummingbird
import SchedulerCore
import SchedulerServices

/// The Instagram handoff on the phone: each post waiting to be published by hand, with its caption to copy, its pictures
/// to save or share, and "I posted it" with the permalink, through the same ``HandoffService`` as `schedctl handoff`.
extension WebPages {
    package func addHandoffRoutes(to router: Router<WebContext>) {
        router.get("handoffs") { request, _ in
            let session = try await requireSession(request)
            return try await handoffsPage(request, session)
        }
        router.post("handoffs/:delivery/done") { request, context in try await handoffDone(request, delivery: context.parameters.get("delivery")) }
    }

    package func handoffsPage(_ request: Request, _ session: WebSessions.Session, notes: [String] = [], error: String? = nil,
                      status: HTTPResponse.Status = .ok) async throws -> Response {
        var context = layout(session, title: "Post by hand")
        let format = timeFormat(request)
        do {
            var entries: [[String: Any]] = []
            for handoff in try await services.handoffs.list() {
                let post = try await services.posts.post(id: handoff.postId)
                entries.append(["delivery": handoff.deliveryId, "post": handoff.postId, "account": handoff.account, "caption": handoff.caption,
                                "expires": format.string(from: handoff.expiresAt),
                                "media": post.media.enumerated().map { ["id": $1.id, "alt": $1.alt ?? "", "number": $0 + 1,
                                                                        "file": "post-\(handoff.postId)-\($0 + 1).\(Self.fileExtension($1.contentType))"] }])
            }
            context["handoffs"] = entries
        } catch {
            guard let refused = Self.requestError(error) else {
                context["storeDown"] = "The database does not answer just now, so the handoffs cannot be shown; reload in a moment."
                return Self.page("handoffs", context, status: .serviceUnavailable)
            }
            context["error"] = refused.pageMessage
        }
        context["mayChange"] = session.user.role.may(.changePosts)
        if !notes.isEmpty { context["notes"] = notes }
        if let error { context["error"] = error }
        return Self.page("handoffs", context, status: status)
    }

    package func handoffDone(_ request: Request, delivery raw: String?) async throws -> Response {
        let (form, session) = try await admit(request, may: .changePosts)
        guard let delivery = raw.flatMap(Int64.init), delivery > 0 else { throw HTTPError(.notFound) }
        do {
            let post = try await services.handoffs.confirm(deliveryID: delivery, url: form.trimmed("url"))
            return try await handoffsPage(request, session, notes: ["Post \(post.id) is marked as published. Thank you."])
        } catch {
            guard let refused = Self.requestError(error) else { return try Self.refusal(error, next: "/handoffs") }
            return try await handoffsPage(request, session, error: Self.sentence(refused.pageMessage) + " Nothing was changed.", status: refused.status)
        }
    }

    package static func fileExtension(_ contentType: String) -> String {
        switch contentType {
        case "image/png": "png"
        case "image/gif": "gif"
        case "image/webp": "webp"
        case "video/mp4": "mp4"
        default: "jpg"
        }
    }
}
