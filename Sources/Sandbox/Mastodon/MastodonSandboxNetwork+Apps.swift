#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension MastodonSandboxNetwork {
    /// The largest body the app, token and revoke endpoints read.
    static let formBodyLimit = 64 * 1_024

    func addAppRoutes(to router: Router<BasicRequestContext>) {
        router.post("/api/v1/apps") { request, _ in
            await registerApp(request)
        }
        router.get("/.well-known/oauth-authorization-server") { request, _ in
            Response.json(authorizationServerMetadata(base: Self.base(of: request)), status: .ok)
        }
    }

    /// `POST /api/v1/apps {client_name, redirect_uris, scopes, website}`: a confidential client, as a CredentialApplication.
    func registerApp(_ request: Request) async -> Response {
        var request = request
        let now = environment.now()
        let parameters: MastodonParameters
        switch await MastodonParameters.read(&request, upTo: Self.formBodyLimit) {
        case .failure(let error): return await refuse(error, request: request, at: now)
        case .success(let read): parameters = read
        }
        let registration: MastodonAppRegistration
        switch MastodonAppRegistration.parse(parameters) {
        case .failure(let error): return await refuse(error, request: request, body: parameters.recorded, at: now)
        case .success(let valid): registration = valid
        }
        let app = await authority.register(registration)
        environment.logger.debug("Sandbox registered a Mastodon app", metadata: [
            "sandbox.instance": "\(instance.domain)", "mastodon.app": "\(app.name)", "mastodon.scopes": "\(app.scopes.joined(separator: " "))",
        ])
        return Response.json(Self.credentialApplication(app), status: .ok)
    }

    /// The CredentialApplication entity (4.3+): the app with its secret, `client_secret_expires_at` 0 (never).
    static func credentialApplication(_ app: MastodonApp) -> JSONValue {
        var members = applicationSummary(app).objectMembers
        members["client_id"] = .string(app.clientID)
        members["client_secret"] = .string(app.clientSecret)
        members["client_secret_expires_at"] = .integer(0)
        return .object(members)
    }

    /// An app without its secret: what the apps helper lists, and the public part of the registration answer.
    static func applicationSummary(_ app: MastodonApp) -> JSONValue {
        .object([
            "id": .string(app.id), "name": .string(app.name), "website": app.website.map(JSONValue.string) ?? .null,
            "scopes": .array(app.scopes.map(JSONValue.string)), "redirect_uris": .array(app.redirectURIs.map(JSONValue.string)),
            "redirect_uri": .string(app.redirectURIs.joined(separator: "\n")),
        ])
    }

    /// `GET /.well-known/oauth-authorization-server` (4.3+), its endpoints on the listener the client reached.
    func authorizationServerMetadata(base: String) -> JSONValue {
        .object([
            "issuer": .string(base + "/"),
            "authorization_endpoint": .string(base + "/oauth/authorize"), "token_endpoint": .string(base + "/oauth/token"),
            "revocation_endpoint": .string(base + "/oauth/revoke"), "app_registration_endpoint": .string(base + "/api/v1/apps"),
            "scopes_supported": .array(MastodonScopes.known.sorted().map(JSONValue.string)),
            "response_types_supported": .array([.string("code")]), "response_modes_supported": .array([.string("query"), .string("fragment"), .string("form_post")]),
            "code_challenge_methods_supported": .array([.string("S256")]),
            "grant_types_supported": .array([.string("authorization_code"), .string("client_credentials")]),
            "token_endpoint_auth_methods_supported": .array([.string("client_secret_basic"), .string("client_secret_post")]),
        ])
    }
}
