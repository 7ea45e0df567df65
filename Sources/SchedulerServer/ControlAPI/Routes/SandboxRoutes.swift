import Foundation
import Hummingbird
import SchedulerCore
import SchedulerDomain
import SchedulerServices

/// In sandbox mode: what the emulated networks received, rejected, revoked and issued, and tokens minted for tests.
package struct SandboxRoutes: Sendable {
    /// nil: the daemon is not in sandbox mode, and every sandbox route says so.
    package let sandbox: SandboxRelay?

    package func add(to v1: RouterGroup<ControlContext>) {
        v1.get("sandbox/received") { _, _ in try await requireSandbox().records("received") }
        v1.get("sandbox/records/:name") { _, context in
            let name = context.parameters.get("name") ?? ""
            guard ["received", "rejected", "revoked", "issued"].contains(name) else {
                throw RequestError.badRequest("the sandbox keeps no '\(name)' record; ask for received, rejected, revoked or issued")
            }
            return try await requireSandbox().records(name)
        }
        v1.post("sandbox/tokens/:network") { request, context -> Response in
            let name = context.parameters.get("network") ?? ""
            guard let network = Network(rawValue: name) else {
                throw RequestError.badRequest("unknown network '\(name)'; use one of \(Network.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            var mint = SandboxTokenRequest()
            var request = request
            let body = try await ControlRequestBody.collect(&request, upTo: SandboxTokenRoute.maxBytes)
            if body.readableBytes > 0 {
                mint = try ControlRequestBody.decodeData(SandboxTokenRequest.self, Data(body.readableBytesView))
            }
            return try RouteParameters.json(try await requireSandbox().mintToken(network: network, mint), status: .created)
        }
    }

    private func requireSandbox() throws -> SandboxRelay {
        guard let sandbox else { throw RequestError(.conflict, "this daemon is not running in sandbox mode (start it with --sandbox)") }
        return sandbox
    }
}
