#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension BlueskySandboxNetwork {
    private struct ResolvedHandle: Encodable { var did: String }

    /// `GET com.atproto.identity.resolveHandle?handle=`: `{did}` for an account of this PDS.
    func resolveHandle(_ request: Request) async -> Response {
        let receivedAt = environment.now()
        guard let handle = Self.query(request)?["handle"], !handle.isEmpty else {
            return await refuse(.invalidRequest("Error: Params must have the property \"handle\""), request: request, receivedAt: receivedAt)
        }
        guard let did = await accounts.resolve(handle: handle) else {
            return await refuse(.invalidRequest("Unable to resolve handle"), request: request, receivedAt: receivedAt)
        }
        return Response.json(ResolvedHandle(did: did), status: .ok)
    }

    /// `POST com.atproto.server.createSession {identifier, password}`: a new session, or 401 for a wrong or
    /// revoked password; 429 past 30 logins in 5 minutes for one identifier.
    func createSession(_ request: Request, context: BasicRequestContext) async throws -> Response {
        var request = request
        let receivedAt = environment.now()
        let json = JSONValue.parse(try await request.collectBody(upTo: context.maxUploadSize))
        guard let identifier = json?["identifier"]?.stringValue, let password = json?["password"]?.stringValue else {
            return await refuse(
                .invalidRequest("Input must have the properties \"identifier\" and \"password\""), request: request, body: Self.withoutSecrets(json), receivedAt: receivedAt
            )
        }
        let (result, limit) = await accounts.createSession(identifier: identifier, password: password, now: receivedAt)
        let headers = limit.headers(now: receivedAt)
        switch result {
        case .failure(let error):
            return await refuse(error, request: request, body: json, receivedAt: receivedAt, headers: headers)
        case .success(let session):
            await remember(session)
            return Response.json(session, status: .ok, headers: headers)
        }
    }

    /// `POST com.atproto.server.refreshSession` with the refresh token as bearer: a new pair.
    func refreshSession(_ request: Request) async -> Response {
        let receivedAt = environment.now()
        guard let token = request.bearerToken else { return await refuse(.authMissing, request: request, receivedAt: receivedAt) }
        switch await accounts.refreshSession(token, now: receivedAt) {
        case .failure(let error):
            return await refuse(error, request: request, receivedAt: receivedAt)
        case .success(let session):
            await remember(session)
            return Response.json(session, status: .ok)
        }
    }

    private struct SessionInfo: Encodable { var did: String; var handle: String; var active = true }

    /// `GET com.atproto.server.getSession`: whose the access token is.
    func getSession(_ request: Request) async -> Response {
        let receivedAt = environment.now()
        switch await accounts.authenticate(request.bearerToken, now: receivedAt) {
        case .failure(let error): return await refuse(error, request: request, receivedAt: receivedAt)
        case .success(let account): return Response.json(SessionInfo(did: account.did, handle: account.handle), status: .ok)
        }
    }

    /// `POST com.atproto.server.deleteSession` with the refresh token as bearer: the session ends (200, no body).
    func deleteSession(_ request: Request) async -> Response {
        let receivedAt = environment.now()
        guard let token = request.bearerToken else { return await refuse(.authMissing, request: request, receivedAt: receivedAt) }
        switch await accounts.deleteSession(token) {
        case .failure(let error): return await refuse(error, request: request, receivedAt: receivedAt)
        case .success:
            await environment.recorder.record(TokenRevocation(network: name, revokedAt: SandboxTimestamp.rfc3339(receivedAt), tokenTypeHint: "refresh_token",
                                                              reason: .revokeEndpoint, tokensRevoked: 1))
            return Response(status: .ok)
        }
    }

    /// Keeps the tokens out of the records but known to leak tests.
    private func remember(_ session: BlueskySession) async {
        await environment.recorder.rememberSecret(session.accessJwt)
        await environment.recorder.rememberSecret(session.refreshJwt)
    }
}
