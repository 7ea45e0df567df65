#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Hummingbird
import SchedulerCore

extension MastodonSandboxNetwork {
    func addAccountRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/v2/instance") { _, _ in
            Response.json(instanceDocument(), status: .ok)
        }
        router.get("/api/v1/accounts/verify_credentials") { request, _ in
            await verifyCredentials(request)
        }
        router.get("/api/v1/accounts/:id/statuses") { request, context in
            await accountStatuses(request, accountID: context.parameters.get("id") ?? "")
        }
    }

    /// `GET /api/v1/accounts/verify_credentials`: the token's account with `source`; `profile`, `read:accounts` or `read`.
    func verifyCredentials(_ request: Request) async -> Response {
        let now = environment.now()
        switch await authenticate(request, scopes: MastodonScopes.verifyCredentials, now: now) {
        case .failure(let refusal):
            return await refuse(refusal.error, request: request, at: now, headers: refusal.headers)
        case .success(let caller):
            guard let account = caller.account else { return await refuse(.userRequired, request: request, at: now, headers: caller.headers) }
            return Response.json(await accountEntity(account, source: MastodonEntities.credentialSource), status: .ok, headers: caller.headers)
        }
    }

    /// `GET /api/v1/accounts/:id/statuses`: newest first, paged by id with a `Link` header; public without a token,
    /// and with one it must hold `read:statuses` (or `read`). Its author sees every visibility, others public and
    /// unlisted. Statuses younger than the listing lag are not there yet; each call is counted for the reads helper.
    func accountStatuses(_ request: Request, accountID: String) async -> Response {
        let now = environment.now()
        let query: MastodonListingQuery
        switch MastodonListingQuery.parse(Self.query(request)) {
        case .failure(let error): return await refuse(error, request: request, at: now)
        case .success(let parsed): query = parsed
        }
        let caller: MastodonCaller?
        switch await optionalCaller(request, scopes: MastodonScopes.readStatuses, extras: query.pages ? [.paging] : [], now: now) {
        case .failure(let refusal): return await refuse(refusal.error, request: request, at: now, headers: refusal.headers)
        case .success(let who): caller = who
        }
        var headers = caller?.headers ?? [.cacheControl: "public, max-age=15, stale-while-revalidate=30"]
        guard let account = await accounts.account(id: accountID) else {
            return await refuse(.notFound("No account \(accountID) on \(instance.domain)."), request: request, at: now, headers: headers)
        }
        let listing = environment.listings.current
        let page = await timeline.page(of: account.id, viewer: caller?.account?.id, query: query, listing: listing, now: now)
        if let link = query.linkHeader(for: page, base: Self.base(of: request) + request.uri.path) {
            headers[HTTPField.Name("Link")!] = link
        }
        let author = await accountEntity(account)
        var rendered: [JSONValue] = []
        for status in page {
            rendered.append(entities.status(status, author: author, media: await timeline.media(of: status), linkingURLs: listing.rewritesText, now: now))
        }
        return Response.json(JSONValue.array(rendered), status: .ok, headers: headers)
    }

    /// The Account entity for `account`, with its count of statuses and the day of its last one.
    func accountEntity(_ account: MastodonAccount, source: JSONValue? = nil) async -> JSONValue {
        let statuses = await timeline.all(of: account.id)
        return entities.account(account, statusesCount: statuses.count, lastStatusAt: statuses.last?.createdAt, source: source)
    }
}
