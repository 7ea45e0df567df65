import Foundation
import Hummingbird
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// The web app's people, managed over the control socket (only the daemon's own user reaches it): `schedctl web user`.
package struct WebUserRoutes: Sendable {
    package let users: WebUserService

    package func add(to v1: RouterGroup<ControlContext>) {
        v1.get("web/users") { _, _ -> [WebUserView] in try await users.list() }
        v1.post("web/users") { request, _ -> WebUserView in
            try await users.add(try await ControlRequestBody.decode(AddWebUserRequest.self, from: request))
        }
        v1.delete("web/users/:name") { _, context -> [WebUserView] in
            try await users.remove(name: try Self.name(context))
            return try await users.list()
        }
        v1.put("web/users/:name/password") { request, context -> [WebUserView] in
            try await users.setPassword(name: try Self.name(context), try await ControlRequestBody.decode(WebPasswordRequest.self, from: request))
            return try await users.list()
        }
    }

    package static func name(_ context: ControlContext) throws -> String {
        guard let name = context.parameters.get("name")?.removingPercentEncoding, !name.isEmpty else {
            throw RequestError.badRequest("empty web user name")
        }
        return name
    }
}
