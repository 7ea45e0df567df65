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
            return Response.json(XDataEnvelope(data: principal.user), status: .ok, headers: principal.accessLevelHeaders)
        case .failure(let problem):
            return await refuse(problem, request: request, body: nil, receivedAt: receivedAt, principal: nil)
        }
    }

    /// `GET /2/users/:id/tweets`: a user's posts, newest first, which a client reads to find out
    /// whether a post it is unsure about went out.
    ///
    /// `max_results` (5 to 100, default 10), `start_time` and `end_time` (RFC 3339), `pagination_token`
    /// (from `meta.next_token` or `meta.previous_token`) and `tweet.fields`; a bad value is a 400.
    /// Reads count against their own window (900 per 15 minutes per user) and carry `x-rate-limit-*`.
    func userTweets(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let receivedAt = environment.now()
        let principal: XPrincipal
        switch await authenticate(request, body: nil, requiredScopes: XOAuth2.userScopes, now: receivedAt) {
        case .success(let who): principal = who
        case .failure(let problem): return await refuse(problem, request: request, body: nil, receivedAt: receivedAt, principal: nil)
        }
        guard let pairs = request.queryPairs else {
            return await refuse(.invalidRequest("The query has a broken percent escape."), request: request, body: nil, receivedAt: receivedAt, principal: principal)
        }
        let parameters = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        let query: XTimelineQuery
        switch XTimelineQuery.parse(parameters) {
        case .success(let valid): query = valid
        case .failure(let problem): return await refuse(problem, request: request, body: nil, receivedAt: receivedAt, principal: principal)
        }
        let userID = context.parameters.get("id") ?? ""
        let listing = environment.listings.current
        let (page, limit) = await timeline.page(by: userID, readerID: principal.user.id, query: query, listing: listing, now: receivedAt)
        guard let page else {
            return await refuse(.tooManyRequests, request: request, body: nil, receivedAt: receivedAt, principal: principal, headers: limit.headers)
        }
        var headers = limit.headers
        headers.append(contentsOf: principal.accessLevelHeaders)
        return Response.json(page.body(fields: query.fields, rewritesText: listing.rewritesText), status: .ok, headers: headers)
    }

    /// `POST /_sandbox/x/tokens`: mints an access token pair, standing in for X's developer portal.
    ///
    /// Body `{"username": "runner", "name": "Runner", "access_level": "read"}`, all optional. Minting the same username
    /// again gives a new pair for the same user id; earlier pairs keep working.
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
        let accessLevel = mint.accessLevel ?? "read-write"
        guard XMintTokenRequest.accessLevels.contains(accessLevel) else {
            return Response.json(XProblem.invalidRequest("An access level is one of \(XMintTokenRequest.accessLevels.joined(separator: ", "))."), status: .badRequest)
        }
        let grant = await accounts.mintToken(username: mint.resolvedUsername, name: mint.name, accessLevel: accessLevel)
        await recordIssuedOAuth1Token(grant: "sandbox_mint", token: grant.oauthToken, secret: grant.oauthTokenSecret)
        environment.logger.debug(
            "Sandbox minted an access token",
            metadata: ["sandbox.network": "\(name)", "x.user_id": "\(grant.userID)", "x.username": "\(grant.screenName)"]
        )
        return Response.json(grant, status: .created)
    }
}
