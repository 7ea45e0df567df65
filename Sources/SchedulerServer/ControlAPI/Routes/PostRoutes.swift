import Foundation
import Hummingbird
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// Posts: schedule, list, show, edit, cancel, import, give a draft its time, duplicate, approve or reject, and check a text.
package struct PostRoutes: Sendable {
    package let posts: PostService

    /// The header that carries the cursor of the next page of `GET /v1/posts`.
    package static let nextCursor = HTTPFields.Element.Name("Next-Cursor")!
    /// On a page counted off (`offset`) past the end: how many posts the listing holds in all.
    package static let totalCount = HTTPFields.Element.Name("Total-Count")!

    package func add(to v1: RouterGroup<ControlContext>) {
        v1.post("posts") { request, _ -> Response in
            let body = try await ControlRequestBody.decode(SchedulePostRequest.self, from: request)
            switch try await posts.schedule(body) {
            case .stored(let post): return try RouteParameters.json(post, status: .created)
            case .preview(let preview): return try RouteParameters.json(preview, status: .ok)
            }
        }
        v1.post("check") { request, _ in
            try posts.check(try await ControlRequestBody.decode(CheckRequest.self, from: request))
        }
        v1.get("posts") { request, _ -> Response in try await list(request) }
        v1.get("posts/:id") { _, context in try await posts.post(id: try RouteParameters.postID(context)) }
        v1.patch("posts/:id") { request, context in
            var body = try await ControlRequestBody.decode(EditPostRequest.self, from: request)
            if body.version == nil, let match = request.headers[.ifMatch] { body.version = try RouteParameters.version(ifMatch: match) }
            return try await posts.edit(id: try RouteParameters.postID(context), body)
        }
        v1.post("posts/:id/cancel") { request, context in
            try await posts.cancel(id: try RouteParameters.postID(context), wholeSeries: request.uri.queryParameters.get("series") == "true")
        }
        v1.post("posts/batch") { request, _ -> Response in
            let body = try await ControlRequestBody.decode(ImportRequest.self, from: request, limit: ControlRequestBody.maxBatchBytes)
            let view = try await posts.importPosts(body)
            return try RouteParameters.json(view, status: view.dryRun || view.postIds.isEmpty ? .ok : .created)
        }
        v1.post("posts/:id/schedule") { request, context in
            let body = try await ControlRequestBody.decode(ScheduleDraftRequest.self, from: request)
            return try await posts.scheduleDraft(id: try RouteParameters.postID(context), body)
        }
        v1.post("posts/:id/duplicate") { _, context -> Response in
            try RouteParameters.json(try await posts.duplicate(id: try RouteParameters.postID(context)), status: .created)
        }
        v1.post("posts/:id/approve") { _, context in
            try await posts.approve(id: try RouteParameters.postID(context), by: .operator)
        }
        v1.post("posts/:id/reject") { request, context in
            let body = try await ControlRequestBody.decode(RejectPostRequest.self, from: request)
            return try await posts.reject(id: try RouteParameters.postID(context), reason: body.reason, by: .operator)
        }
    }

    /// A page of posts; when another follows, its cursor is the Next-Cursor header, taken back as `after`.
    private func list(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        let stateName = query.get("state") ?? "pending"
        guard let filter = StateFilter(name: stateName) else {
            throw RequestError.badRequest("unknown state '\(stateName)'; use one of \(StateFilter.acceptedNames.joined(separator: ", "))")
        }
        let limit = try RouteParameters.integer(query.get("limit"), name: "limit", default: 50, range: 1...1_000)
        let offset = try RouteParameters.integer(query.get("offset"), name: "offset", default: 0, range: 0...Int(Int32.max))
        let order = ListOrder(filter)
        let after = try query.get("after").map { try ListCursor.position(String($0), order: order) }
        let listing = try await posts.list(filter: filter, account: query.get("account").map { String($0) }, after: after, offset: offset,
                                           limit: limit)
        var response = try RouteParameters.json(listing.posts, status: .ok)
        if let next = listing.next { response.headers[Self.nextCursor] = ListCursor.text(next, order: order) }
        if let total = listing.total { response.headers[Self.totalCount] = String(total) }
        return response
    }
}
