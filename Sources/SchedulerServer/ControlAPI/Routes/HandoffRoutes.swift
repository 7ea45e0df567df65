import Foundation
import Hummingbird
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// Handoffs: what waits for a person to publish by hand, and their word that they did.
package struct HandoffRoutes: Sendable {
    package let handoffs: HandoffService

    package func add(to v1: RouterGroup<ControlContext>) {
        v1.get("handoffs") { _, _ -> [HandoffView] in try await handoffs.list() }
        v1.post("handoffs/:id/done") { request, context in
            let raw = context.parameters.get("id") ?? ""
            guard let id = Int64(raw) else { throw RequestError.badRequest("'\(raw)' is not a handoff id", hint: RefusalHint(.listHandoffs)) }
            let body = try await ControlRequestBody.decode(HandoffDoneRequest.self, from: request)
            return try await handoffs.confirm(deliveryID: id, url: body.url)
        }
    }
}
