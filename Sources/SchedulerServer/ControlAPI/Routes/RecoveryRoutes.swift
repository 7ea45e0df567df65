import Foundation
import Hummingbird
import SchedulerCore
import SchedulerServices

/// Routes for what a person does when something went wrong: retry and resolve (by post, or by one delivery), pause and
/// resume, and a post's history.
package struct RecoveryRoutes: Sendable {
    package let recovery: RecoveryService

    package func add(to v1: RouterGroup<ControlContext>) {
        v1.post("posts/:id/retry") { request, context in
            let body = try await RouteParameters.optionalBody(RetryDeliveryRequest.self, request) ?? RetryDeliveryRequest()
            return try await recovery.retry(postID: try RouteParameters.postID(context), deliveryID: body.delivery, force: body.force ?? false)
        }
        v1.post("deliveries/:id/retry") { request, context in
            let body = try await RouteParameters.optionalBody(RetryDeliveryRequest.self, request) ?? RetryDeliveryRequest()
            return try await recovery.retry(deliveryID: try RouteParameters.deliveryID(context), force: body.force ?? false)
        }
        v1.post("posts/:id/resolve") { request, context in
            let body = try await ControlRequestBody.decode(ResolveDeliveryRequest.self, from: request)
            return try await recovery.resolve(postID: try RouteParameters.postID(context), deliveryID: body.delivery, url: body.publishedUrl)
        }
        v1.post("deliveries/:id/resolve") { request, context in
            let body = try await ControlRequestBody.decode(ResolveDeliveryRequest.self, from: request)
            return try await recovery.resolve(deliveryID: try RouteParameters.deliveryID(context), url: body.publishedUrl)
        }
        v1.get("posts/:id/history") { _, context in try await recovery.history(postID: try RouteParameters.postID(context)) }
        v1.post("pause") { request, _ in
            let body = try await RouteParameters.optionalBody(PauseRequest.self, request) ?? PauseRequest()
            return try await recovery.pause(account: body.account, network: body.network)
        }
        v1.post("resume") { request, _ in
            let body = try await RouteParameters.optionalBody(PauseRequest.self, request) ?? PauseRequest()
            return try await recovery.resume(account: body.account, network: body.network)
        }
    }
}
