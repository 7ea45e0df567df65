#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird

/// The body of `POST /_sandbox/<network>/tokens`: whom to mint a token for, and optionally which scopes.
struct SandboxMintRequest: Decodable, Sendable {
    var username: String?
    var scopes: [String]?

    /// The username when one was given, else `sandbox_user`.
    var resolvedUsername: String { username ?? "sandbox_user" }

    /// Reads the request body: empty means all defaults; `nil` when it is not such a JSON object.
    static func read(_ request: inout Request, context: BasicRequestContext) async throws -> SandboxMintRequest? {
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        guard body.readableBytes > 0 else { return SandboxMintRequest() }
        return try? JSONDecoder().decode(SandboxMintRequest.self, from: Data(body.readableBytesView))
    }
}
