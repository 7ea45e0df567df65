#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore
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

    /// `GET /2/users/:id/tweets`: a user's recent posts, newest first (`max_results` 5 to 100), which a
    /// client reads to find out whether a post it is unsure about went out.
    func userTweets(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let receivedAt = environment.now()
        switch await authenticate(request, body: nil, requiredScopes: XOAuth2.userScopes, now: receivedAt) {
        case .success:
            let userID = context.parameters.get("id") ?? ""
            let limit = min(max(Int(request.uri.queryParameters.get("max_results") ?? "") ?? 10, 5), 100)
            let tweets = await timeline.tweets(by: userID, limit: limit)
            let data: [JSONValue] = tweets.map {
                .object(["id": .string($0.id), "text": .string($0.text), "created_at": .string(SandboxTimestamp.rfc3339($0.createdAt))])
            }
            return Response.json(JSONValue.object(["data": .array(data), "meta": .object(["result_count": .integer(Int64(data.count))])]), status: .ok)
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
