#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension FacebookSandboxNetwork {
    /// `GET /v19.0/me?fields=id,name`: the user (or, with a Page token, the Page).
    func me(_ request: Request, context: BasicRequestContext) async throws -> Response {
        try await read(request, context: context, missing: .missingUserToken) { reader, parameters, now in
            if !reader.isUserToken {
                return await pageNode(reader.user.page, fields: fields(parameters, defaults: ["id", "name"]), reader: reader, now: now)
            }
            return userNode(reader.user, fields: fields(parameters, defaults: ["id", "name"]), reader: reader)
        }
    }

    /// `GET /v19.0/me/accounts`: the Pages the user manages, each with a Page token; empty without `pages_show_list`.
    func accounts(_ request: Request, context: BasicRequestContext) async throws -> Response {
        try await read(request, context: context, missing: .missingUserToken) { reader, parameters, now in
            guard reader.isUserToken else { return .failure(.nonexistingField("accounts", nodeType: "Page")) }
            guard reader.info.scopes.contains("pages_show_list") else { return .success(.object(["data": .array([])])) }
            let requested = fields(parameters, defaults: ["access_token", "category", "name", "id", "tasks"])
            return await pageNode(reader.user.page, fields: requested, reader: reader, now: now).map { page in
                let cursor = JSONValue.string("QVFIUnNhbmRib3gtY3Vyc29y")
                return .object(["data": .array([page]), "paging": .object(["cursors": .object(["before": cursor, "after": cursor])])])
            }
        }
    }

    /// `GET /v19.0/{id}`: the token's own user, Page or Instagram account, or something published through
    /// them (a post, a photo, an Instagram container or post); anything else is "unsupported get request".
    func node(_ request: Request, context: BasicRequestContext, id: String) async throws -> Response {
        try await read(request, context: context, missing: .missingToken) { reader, parameters, now in
            let user = reader.user
            switch id {
            case user.id where reader.isUserToken:
                return userNode(user, fields: fields(parameters, defaults: ["id", "name"]), reader: reader)
            case user.page.id:
                return await pageNode(user.page, fields: fields(parameters, defaults: ["id", "name"]), reader: reader, now: now)
            case user.page.instagram.id:
                guard reader.info.scopes.contains("instagram_basic") else { return .failure(.permissionDenied) }
                return instagramNode(user.page.instagram, fields: fields(parameters, defaults: ["id"]))
            default:
                return await publishedNode(id, reader: reader, fields: parameters["fields"], now: now)
            }
        }
    }

    /// `DELETE /v19.0/me/permissions`: the person removes the app; every token it had (Page tokens too) stops working.
    func removeApp(_ request: Request, context: BasicRequestContext) async throws -> Response {
        try await read(request, context: context, missing: .missingUserToken) { reader, _, now in
            guard reader.isUserToken else { return .failure(.nonexistingField("permissions", nodeType: "Page")) }
            await oauth.revokeAll(subject: reader.info.subject, clientID: reader.info.clientID, reason: .permissionsDeleted, now: now)
            return .success(.object(["success": .bool(true)]))
        }
    }

    /// `DELETE /v19.0/me/permissions/{permission}`: the person takes one permission back ("Revoking permissions" in the
    /// User permissions reference); their tokens, Page tokens too, keep working without it, so a Page that loses
    /// `pages_manage_posts` is then refused every post with #200.
    func removePermission(_ request: Request, context: BasicRequestContext, permission: String) async throws -> Response {
        try await read(request, context: context, missing: .missingUserToken) { reader, _, _ in
            guard reader.isUserToken else { return .failure(.nonexistingField("permissions", nodeType: "Page")) }
            guard FacebookOAuth.knownScopes.contains(permission) else { return .failure(.invalidParameter("(#100) Invalid permission: \(permission)")) }
            await oauth.withdraw(permission, subject: reader.info.subject, clientID: reader.info.clientID)
            return .success(.object(["success": .bool(true)]))
        }
    }

    /// Authenticates a Graph read (token in `access_token`, or `Authorization: Bearer|OAuth`) and renders `body`'s node.
    private func read(
        _ request: Request,
        context: BasicRequestContext,
        missing: GraphError,
        body: (Reader, OAuth2Parameters, Date) async -> Result<JSONValue, GraphError>
    ) async throws -> Response {
        try await withParameters(request, context: context) { request, parameters, now in
            await read(request, parameters: parameters, missing: missing, now: now, body: body)
        }
    }

    private func read(
        _ request: Request,
        parameters: OAuth2Parameters,
        missing: GraphError,
        now: Date,
        body: (Reader, OAuth2Parameters, Date) async -> Result<JSONValue, GraphError>
    ) async -> Response {
        guard let token = parameters["access_token"] ?? request.bearerToken ?? Self.oauthSchemeToken(request) else {
            return await refuse(missing, request: request, now: now)
        }
        let info: TokenInfo
        switch await oauth.validate(token, now: now) {
        case .failure(let refusal): return await refuse(.from(refusal, appID: FacebookOAuth.client.id, now: now), request: request, now: now)
        case .success(let valid): info = valid
        }
        guard let user = await directory.user(id: info.subject) else {
            return await refuse(.malformedToken, request: request, now: now)
        }
        switch await body(Reader(info: info, user: user), parameters, now) {
        case .success(let node): return Response.json(node, status: .ok)
        case .failure(let error): return await refuse(error, request: request, now: now)
        }
    }

    /// Answers with `body`, given a Graph call's query and form parameters, or refuses a broken percent escape as Graph does.
    func withParameters(
        _ request: Request,
        context: BasicRequestContext,
        _ body: (Request, OAuth2Parameters, Date) async throws -> Response
    ) async throws -> Response {
        var request = request
        let now = environment.now()
        guard let pairs = try await request.queryAndFormParameters(context: context) else {
            return await refuse(.invalidParameter("The query or body has a broken percent escape."), request: request, now: now)
        }
        return try await body(request, OAuth2Parameters(pairs), now)
    }

    /// The `fields` parameter, or `defaults`; unbalanced braces read as the defaults' first field only.
    private func fields(_ parameters: OAuth2Parameters, defaults: [String]) -> GraphFields {
        GraphFields.parse(parameters["fields"], defaults: defaults) ?? GraphFields([.init(name: "id")])
    }

    /// The token of `Authorization: OAuth <token>`, which Graph accepts besides Bearer.
    static func oauthSchemeToken(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "oauth", !parts[1].contains("=") else { return nil }
        return String(parts[1])
    }
}
