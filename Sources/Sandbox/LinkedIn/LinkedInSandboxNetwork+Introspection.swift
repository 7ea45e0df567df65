#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension LinkedInSandboxNetwork {
    /// `POST /oauth/v2/introspectToken`: form `client_id`, `client_secret` and `token`; what LinkedIn knows of the token,
    /// as its Token Introspection reference describes it.
    ///
    /// A live token: `active`, `client_id`, `status: active`, `expires_at`, `scope` (comma-separated) and `auth_type: 3L`. An
    /// expired or revoked one: `active: false` and its `status` (with `expires_at` when it expired). A wrong client secret
    /// is a 401; a token LinkedIn never issued (or issued to another app) a 400, "Invalid client id or token".
    func introspectToken(_ request: Request, context: BasicRequestContext) async throws -> Response {
        try await withAuthenticatedClient(request, context: context) { request, client, parameters, now in
            await introspect(request, client: client, parameters: parameters, now: now)
        }
    }

    private func introspect(_ request: Request, client: RegisteredClient, parameters: OAuth2Parameters, now: Date) async -> Response {
        guard let token = parameters["token"] else {
            return await refuse(request, OAuth2Refusal(.invalidRequest, "A required parameter \"token\" is missing"), now: now)
        }
        switch await oauth.validate(token, now: now) {
        case .success(let info) where info.clientID == client.id:
            var body: [String: JSONValue] = [
                "active": .bool(true), "client_id": .string(client.id), "status": .string("active"),
                "scope": .string(info.scopes.joined(separator: ",")), "auth_type": .string("3L"),
            ]
            if let expiresAt = info.expiresAt { body["expires_at"] = .integer(Int64(expiresAt.timeIntervalSince1970)) }
            return Response.json(JSONValue.object(body), status: .ok)
        case .failure(let refusal) where refusal.code == .expiredToken:
            var body: [String: JSONValue] = ["active": .bool(false), "client_id": .string(client.id), "status": .string("expired")]
            if let expiredAt = refusal.expiredAt { body["expires_at"] = .integer(Int64(expiredAt.timeIntervalSince1970)) }
            return Response.json(JSONValue.object(body), status: .ok)
        case .failure(let refusal) where refusal.code == .revokedToken:
            return Response.json(JSONValue.object(["active": .bool(false), "client_id": .string(client.id), "status": .string("revoked")]), status: .ok)
        case .success, .failure:
            return await refuse(request, OAuth2Refusal(.invalidRequest, "Invalid client id or token: this app was issued no such token"), now: now)
        }
    }
}
