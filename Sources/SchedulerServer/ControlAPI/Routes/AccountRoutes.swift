import Foundation
import Hummingbird
import SchedulerCore
import SchedulerServices

/// Accounts: list, show, add with a token, renew, unlink, and linking in a browser.
package struct AccountRoutes: Sendable {
    package let accounts: AccountService

    package func add(to v1: RouterGroup<ControlContext>) {
        v1.get("accounts") { request, _ in try await accounts.list(includeRevoked: request.uri.queryParameters.get("all") == "true") }
        v1.post("accounts") { request, _ -> Response in
            let body = try await ControlRequestBody.decode(ImportAccountRequest.self, from: request)
            return try RouteParameters.json(try await accounts.importAccount(body), status: .created)
        }
        v1.get("accounts/:ref") { _, context in try await accounts.account(reference: RouteParameters.reference(context)) }
        v1.post("accounts/:ref/refresh") { _, context in try await accounts.refresh(reference: RouteParameters.reference(context)) }
        v1.delete("accounts/:ref") { request, context in
            try await accounts.unlink(reference: RouteParameters.reference(context),
                                      cancelPending: request.uri.queryParameters.get("cancel_pending") == "true")
        }
        v1.post("links") { request, _ -> Response in
            let body = try await ControlRequestBody.decode(StartLinkRequest.self, from: request)
            return try RouteParameters.json(try await accounts.startLink(body), status: .created)
        }
        v1.post("links/:id/complete") { request, context -> Response in
            let body = try await ControlRequestBody.decode(CompleteLinkRequest.self, from: request)
            return try RouteParameters.json(try await accounts.completeLink(id: context.parameters.get("id") ?? "", body), status: .created)
        }
    }
}
