#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension MastodonSandboxNetwork {
    /// `POST /oauth/token`: `authorization_code` (with the PKCE verifier) or `client_credentials`, the client
    /// authenticated by `client_secret_post` or `client_secret_basic`. The token never expires: the answer has
    /// `created_at` but no `expires_in` and no refresh token.
    func token(_ incoming: Request) async -> Response {
        let now = environment.now()
        let form: (MastodonParameters, MastodonApp, Request)
        switch await clientForm(incoming, now: now) {
        case .failure(let refusal): return refusal.response
        case .success(let read): form = read
        }
        let (parameters, app, request) = form
        let outcome: Result<MastodonTokenGrant, MastodonError>
        switch parameters["grant_type"] {
        case "authorization_code":
            guard let code = parameters["code"] else { return await refuseOAuth(MastodonOAuthErrors.invalidRequest(missing: "code"), request: request, at: now) }
            outcome = await authority.exchange(code: code, app: app, redirectURI: parameters["redirect_uri"], verifier: parameters["code_verifier"], now: now)
        case "client_credentials":
            let scopes = MastodonScopes.parse(parameters["scope"])
            if let extra = scopes.first(where: { !app.scopes.contains($0) }) {
                outcome = .failure(MastodonOAuthErrors.invalidScope("\(extra) is not registered for the app."))
            } else {
                outcome = .success(await authority.issue(app: app, subject: "", scopes: scopes, grant: "client_credentials", now: now))
            }
        case nil:
            outcome = .failure(MastodonOAuthErrors.invalidRequest(missing: "grant_type"))
        case let other?:
            outcome = .failure(MastodonOAuthErrors.unsupportedGrantType(other))
        }
        switch outcome {
        case .failure(let error):
            return await refuseOAuth(error, request: request, at: now)
        case .success(let grant):
            return Response.json(JSONValue.object([
                "access_token": .string(grant.accessToken), "token_type": .string("Bearer"),
                "scope": .string(grant.scopes.joined(separator: " ")), "created_at": .integer(Int64(grant.createdAt.timeIntervalSince1970)),
            ]), status: .ok, headers: [.cacheControl: "no-store"])
        }
    }

    /// `POST /oauth/revoke {client_id, client_secret, token}`: 200 `{}` (also for an unknown or revoked token), 403 for
    /// another app's token, 401 for a client that does not authenticate.
    func revoke(_ incoming: Request) async -> Response {
        let now = environment.now()
        let form: (MastodonParameters, MastodonApp, Request)
        switch await clientForm(incoming, now: now) {
        case .failure(let refusal): return refusal.response
        case .success(let read): form = read
        }
        let (parameters, app, request) = form
        if let token = parameters["token"], case .failure(let error) = await authority.revoke(token, app: app, now: now) {
            return await refuseOAuth(error, request: request, at: now)
        }
        return Response.json(JSONValue.object([:]), status: .ok)
    }

    /// A refusal already recorded, as the response to send.
    struct Refusal: Error { let response: Response }

    /// The token and revoke endpoints' form and the app that sent it, or the refusal (recorded) of either.
    private func clientForm(_ original: Request, now: Date) async -> Result<(MastodonParameters, MastodonApp, Request), Refusal> {
        var request = original
        let parameters: MastodonParameters
        switch await MastodonParameters.read(&request, upTo: Self.formBodyLimit) {
        case .failure(let error): return .failure(Refusal(response: await refuseOAuth(error, request: request, at: now)))
        case .success(let read): parameters = read
        }
        switch await authenticateClient(request, parameters) {
        case .failure(let error): return .failure(Refusal(response: await refuseOAuth(error, request: request, at: now)))
        case .success(let app): return .success((parameters, app, request))
        }
    }

    /// The app calling the token or revoke endpoint: HTTP Basic when the header is there, else the form's
    /// `client_id` and `client_secret`.
    private func authenticateClient(_ request: Request, _ parameters: MastodonParameters) async -> Result<MastodonApp, MastodonError> {
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("basic ") {
            guard let credentials = ClientAuthenticator.basicCredentials(header) else {
                return .failure(MastodonOAuthErrors.invalidClient("The Basic Authorization header is not base64(client_id:client_secret)."))
            }
            return await authority.authenticateClient(id: credentials.0, secret: credentials.1)
        }
        return await authority.authenticateClient(id: parameters["client_id"], secret: parameters["client_secret"])
    }

    /// An OAuth refusal: recorded without the body (it holds codes, verifiers and secrets), answered `no-store`.
    private func refuseOAuth(_ error: MastodonError, request: Request, at now: Date) async -> Response {
        await refuse(error, request: request, at: now, headers: [.cacheControl: "no-store"])
    }
}
