#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import Logging

extension XSandboxNetwork {
    /// `GET /2/users/me`: the signed-in user, which connectors use to learn the account's id and handle.
    func me(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let receivedAt = environment.now()
        switch await authenticate(request, body: nil, requiredScopes: XOAuth2.userScopes, now: receivedAt) {
        case .success(let principal):
            return Response.json(XDataEnvelope(data: principal.user), status: .ok)
        case .failure(let problem):
            return await refuse(problem, request: request, body: nil, receivedAt: receivedAt, principal: nil)
        }
    }

    /// `POST /_sandbox/x/tokens`: mints an access token pair, standing in for X's developer portal.
    ///
    /// Body `{"username": "runner", "name": "Runner"}`, both optional. Minting the same username again
    /// gives a new pair for the same user id; earlier pairs keep working.
    func mintToken(_ request: Request, context: BasicRequestContext) async throws -> Response {
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        let mint: XMintTokenRequest
        if body.readableBytes == 0 {
            mint = XMintTokenRequest()
        } else if let decoded = try? JSONDecoder().decode(XMintTokenRequest.self, from: Data(body.readableBytesView)) {
            mint = decoded
        } else {
            return Response.json(XProblem.invalidRequest("The body must be JSON like {\"username\": \"runner\"}."), status: .badRequest)
        }
        guard XMintTokenRequest.isValidUsername(mint.resolvedUsername) else {
            return Response.json(XProblem.invalidRequest("A username is 1 to 15 letters, digits or underscores."), status: .badRequest)
        }
        let grant = await accounts.mintToken(username: mint.resolvedUsername, name: mint.name)
        await recordIssuedOAuth1Token(grant: "sandbox_mint", token: grant.oauthToken, secret: grant.oauthTokenSecret)
        environment.logger.debug(
            "Sandbox minted an access token",
            metadata: ["sandbox.network": "\(name)", "x.user_id": "\(grant.userID)", "x.username": "\(grant.screenName)"]
        )
        return Response.json(grant, status: .created)
    }
}
