import Foundation
import Hummingbird
import RunPosts
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// `POST /v1/runs`: a run posted in one request (`schedctl schedule --run`): decode the summary, the templates and
/// the post, let ``RunPostService`` write the texts, draw and store the picture and schedule, and answer as
/// `POST /v1/posts` does (201 with the post, or 200 with the preview for `dry_run`).
///
/// `GET /v1/runs/inbox`: the inbox folder's files waiting and taken (`schedctl runs inbox`).
package struct RunRoutes: Sendable {
    package let runs: RunPostService
    package let inbox: InboxService?

    /// The summary holds at most 2,000 route points, 600 profile samples and a split per kilometre and mile, however
    /// long the run: about 110 KB for a 10-hour run (`SummaryWireTests`), whose 9.6 MB GPX never reaches the daemon.
    /// The templates and the post's texts add a few KB; 1 MiB leaves room.
    package static let maxBytes = ControlRequestBody.maxBytes

    package func add(to v1: RouterGroup<ControlContext>) {
        v1.post("runs") { request, _ -> Response in
            let body = try await ControlRequestBody.decode(RunPostRequest.self, from: request, limit: Self.maxBytes)
            switch try await runs.schedule(body) {
            case .stored(let post): return try RouteParameters.json(post, status: .created)
            case .preview(let preview): return try RouteParameters.json(preview, status: .ok)
            }
        }
        v1.get("runs/inbox") { request, _ -> Response in
            let limit = try RouteParameters.integer(request.uri.queryParameters.get("limit"), name: "limit", default: 50, range: 1...1_000)
            guard let inbox else {
                throw RequestError(.notFound, "this daemon watches no inbox folder; set [runs] inbox and a [[runs.rules]] in its configuration (docs/run-summaries.md)")
            }
            return try RouteParameters.json(try await inbox.view(limit: limit), status: .ok)
        }
    }
}
