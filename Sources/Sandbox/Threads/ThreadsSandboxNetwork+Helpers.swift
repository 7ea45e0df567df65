#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension ThreadsSandboxNetwork {
    /// The body of `POST /_sandbox/threads/users` and `/_sandbox/threads/tokens`; every member optional.
    private struct HelperBody: Decodable {
        var username: String?
        var name: String?
        var biography: String?
        var scopes: [String]?
    }

    /// The stand-ins for signing up, the Threads app dashboard and the User Token Generator, which the real host does
    /// not offer over its API:
    /// - `POST /_sandbox/threads/users {"username", "name"?, "biography"?}` → 201 (200 when it exists) `{id, username, name}`
    /// - `POST /_sandbox/threads/tokens {"username"?, "scopes"?}` → 201 `{access_token, token_type, expires_in, user_id,
    ///   username, scopes}`: a long-lived (60-day) token without the browser, by default with ``ThreadsOAuth/publishingScopes``
    /// - `GET /_sandbox/threads/app` → `{client_id, client_secret, second_client_id, second_client_secret}`
    /// - `GET /_sandbox/threads/reads?user=ID|USERNAME` → `{user_id, container_status, listing, media}`: how often
    ///   the profile's container statuses, listing and posts were read
    func addSandboxHelperRoutes(to router: Router<BasicRequestContext>) {
        router.post("/_sandbox/threads/users") { request, context in
            guard let body = try await Self.helperBody(request, context: context), let username = body.username,
                  ThreadsDirectory.isValidUsername(username) else {
                return Self.helperRefusal("The body must be JSON like {\"username\": \"runner\"}; a username is 1 to 30 letters, digits, dots or underscores.")
            }
            let (user, created) = await directory.user(named: username, name: body.name, biography: body.biography)
            let json: JSONValue = .object(["id": .string(user.id), "username": .string(user.username), "name": .string(user.name)])
            return Response.json(json, status: created ? .created : .ok)
        }
        router.post("/_sandbox/threads/tokens") { request, context in
            await mintToken(try await Self.helperBody(request, context: context))
        }
        router.get("/_sandbox/threads/app") { _, _ in
            Response.json(JSONValue.object([
                "client_id": .string(ThreadsOAuth.appID), "client_secret": .string(ThreadsOAuth.appSecret),
                "second_client_id": .string(ThreadsOAuth.secondAppID), "second_client_secret": .string(ThreadsOAuth.secondAppSecret),
            ]), status: .ok)
        }
        router.get("/_sandbox/threads/reads") { request, _ in
            guard let name = request.uri.queryParameters.get("user"), let user = await directory.find(name) else {
                return Self.helperRefusal("user must name a Threads profile of this sandbox (its id or username).")
            }
            let counts = await publisher.readCounts(userID: user.id)
            return Response.json(JSONValue.object([
                "user_id": .string(user.id), "container_status": .integer(Int64(counts.containerStatus)),
                "listing": .integer(Int64(counts.listing)), "media": .integer(Int64(counts.media)),
            ]), status: .ok)
        }
    }

    /// Mints a long-lived token in a new authorization of the sandbox Threads app, as the dashboard's token generator does.
    private func mintToken(_ body: HelperBody?) async -> Response {
        let username = body?.username ?? "sandbox_user"
        guard let body, ThreadsDirectory.isValidUsername(username) else {
            return Self.helperRefusal("The body must be JSON like {\"username\": \"runner\"}; a username is 1 to 30 letters, digits, dots or underscores.")
        }
        let scopes = body.scopes ?? ThreadsOAuth.publishingScopes
        if let unknown = scopes.first(where: { !ThreadsOAuth.knownScopes.contains($0) }) {
            return Self.helperRefusal("Invalid scope: \(unknown).")
        }
        let user = await directory.user(named: username).user
        let lifetime = ThreadsOAuth.longLived(environment.configuration)
        let grant = await oauth.mint(clientID: ThreadsOAuth.appID, subject: user.id, scopes: scopes, lifetime: lifetime, now: environment.now())
        return Response.json(JSONValue.object([
            "access_token": .string(grant.accessToken), "token_type": .string("bearer"), "expires_in": .integer(Int64(lifetime.wholeSeconds)),
            "user_id": .string(user.id), "username": .string(user.username), "scopes": .array(scopes.map(JSONValue.string)),
        ]), status: .created)
    }

    /// How often `idOrUsername`'s data was read (the Swift face of `/_sandbox/threads/reads`).
    func readCounts(_ idOrUsername: String) async -> ThreadsReadCounts? {
        guard let user = await directory.find(idOrUsername) else { return nil }
        return await publisher.readCounts(userID: user.id)
    }

    /// The helper body: empty means all defaults; nil when it is not such a JSON object.
    private static func helperBody(_ request: Request, context: BasicRequestContext) async throws -> HelperBody? {
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        guard body.readableBytes > 0 else { return HelperBody() }
        return try? JSONDecoder().decode(HelperBody.self, from: Data(body.readableBytesView))
    }

    private static func helperRefusal(_ message: String) -> Response {
        Response.json(JSONValue.object(["error": .string("invalid_sandbox_request"), "message": .string(message)]), status: .badRequest)
    }
}
