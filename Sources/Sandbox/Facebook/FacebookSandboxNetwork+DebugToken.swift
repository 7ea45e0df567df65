#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension FacebookSandboxNetwork {
    /// `GET /debug_token` (with or without a version).
    func addTokenDebugRoutes(to router: Router<BasicRequestContext>) {
        for path: RouterPath in ["/:version/debug_token", "/debug_token"] {
            router.get(path) { request, context in
                try await versioned(request, context) { try await debugToken(request, context: context) }
            }
        }
    }

    /// `GET /debug_token?input_token=T&access_token=A`: what Graph knows of `T`, as its reference describes it.
    ///
    /// `A` is an app access token (`{app-id}|{app-secret}`) or a user token of the same app ("an app access token or an
    /// app developer's user access token for the app associated with the input_token … is required"). A token of another
    /// app is refused with (#100) "The App_id in the input_token did not match the Viewing App"; a token that is not
    /// (or no longer) valid is answered 200 with `is_valid: false` and Graph's error inside `data`.
    func debugToken(_ request: Request, context: BasicRequestContext) async throws -> Response {
        try await withParameters(request, context: context) { request, parameters, now in
            await debugToken(request, parameters: parameters, now: now)
        }
    }

    private func debugToken(_ request: Request, parameters: OAuth2Parameters, now: Date) async -> Response {
        guard let viewer = parameters["access_token"] ?? request.bearerToken else { return await refuse(.missingToken, request: request, now: now) }
        guard let input = parameters["input_token"] else {
            return await refuse(.invalidParameter("(#100) The parameter input_token is required"), request: request, now: now)
        }
        let viewingApp: String
        switch await app(viewing: viewer, now: now) {
        case .failure(let error): return await refuse(error, request: request, now: now)
        case .success(let app): viewingApp = app
        }
        let info: TokenInfo
        switch await oauth.validate(input, now: now) {
        case .failure(let refusal):
            return Response.json(Self.invalidTokenData(GraphError.from(refusal, appID: viewingApp, now: now)), status: .ok)
        case .success(let valid): info = valid
        }
        guard info.clientID == viewingApp else {
            return await refuse(GraphError("(#100) The App_id in the input_token did not match the Viewing App", code: 100, reasonCode: "app_mismatch"),
                                request: request, now: now)
        }
        return Response.json(JSONValue.object(["data": .object(await tokenData(info, now: now))]), status: .ok)
    }

    /// The app whose view is asked for: the app of an app access token whose secret is right, or of a user token.
    private func app(viewing token: String, now: Date) async -> Result<String, GraphError> {
        let parts = token.split(separator: "|", maxSplits: 1).map(String.init)
        if parts.count == 2 {
            guard let client = oauth.clientAuthenticator.clients[parts[0]] else { return .failure(.unknownApplication) }
            guard client.secret == parts[1] else {
                return .failure(GraphError("Invalid OAuth access token signature.", code: 190, challenge: "invalid_token", reasonCode: "invalid_client"))
            }
            return .success(client.id)
        }
        switch await oauth.validate(token, now: now) {
        case .failure(let refusal): return .failure(.from(refusal, appID: FacebookOAuth.client.id, now: now))
        case .success(let info) where info.principal == info.subject: return .success(info.clientID)
        case .success: return .failure(GraphError("(#100) The access token must be an app token or a user token of the app's developer", code: 100,
                                                  reasonCode: "page_token_viewer"))
        }
    }

    /// `data` for a valid token: a Page token (acting as a Page, not as its person) is `PAGE`, with the Page as `profile_id`.
    private func tokenData(_ info: TokenInfo, now: Date) async -> [String: JSONValue] {
        let isPage = info.principal != info.subject
        var data: [String: JSONValue] = [
            "app_id": .string(info.clientID),
            "type": .string(isPage ? "PAGE" : "USER"),
            "application": .string(FacebookOAuth.applicationNames[info.clientID] ?? "Sandbox App"),
            "data_access_expires_at": .integer(Int64(now.timeIntervalSince1970) + 90 * 86_400),
            "expires_at": .integer(info.expiresAt.map { Int64($0.timeIntervalSince1970) } ?? 0),
            "is_valid": .bool(true),
            "scopes": .array(info.scopes.map(JSONValue.string)),
            "user_id": .string(info.subject),
        ]
        if isPage { data["profile_id"] = .string(info.principal) }
        // Page permissions name the Pages they were granted for.
        let page = await directory.user(id: info.subject)?.page.id
        data["granular_scopes"] = .array(info.scopes.filter { $0 != FacebookOAuth.baseScope }.map { scope in
            var entry: [String: JSONValue] = ["scope": .string(scope)]
            if scope.hasPrefix("pages_"), let page { entry["target_ids"] = .array([.string(page)]) }
            return .object(entry)
        })
        return data
    }

    /// `{"data": {"error": {...}, "is_valid": false, "scopes": []}}`: how Graph describes a token it no longer honours.
    static func invalidTokenData(_ error: GraphError) -> JSONValue {
        var problem: [String: JSONValue] = ["code": .integer(Int64(error.code)), "message": .string(error.message)]
        if let subcode = error.subcode { problem["subcode"] = .integer(Int64(subcode)) }
        return .object(["data": .object(["error": .object(problem), "is_valid": .bool(false), "scopes": .array([])])])
    }
}
