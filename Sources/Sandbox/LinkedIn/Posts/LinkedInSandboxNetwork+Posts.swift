#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CryptoPrimitives
import HTTPTypes
import Hummingbird
import SchedulerCore

extension LinkedInSandboxNetwork {
    static let memberPostingScopes: Set<String> = ["w_member_social"]
    static let organizationPostingScopes: Set<String> = ["w_organization_social"]
    /// Reading posts back needs the read scopes, never the posting ones: `r_member_social` for a member (restricted
    /// to approved apps) and `r_organization_social` for an organization (Posts API, "Permissions").
    static let memberReadingScopes: Set<String> = ["r_member_social"]
    static let organizationReadingScopes: Set<String> = ["r_organization_social"]

    /// The Posts API: create, the `author` finder, and one post by URN.
    func addPostRoutes(to router: Router<BasicRequestContext>) {
        router.post("/rest/posts") { request, _ in
            await restCall(request) { await createPost($0) }
        }
        router.get("/rest/posts") { request, _ in
            await restCall(request) { await findPosts($0) }
        }
        router.get("/rest/posts/:urn") { request, context in
            let urn = PercentDecoding.decode(context.parameters.get("urn") ?? "") ?? ""
            return await restCall(request) { await getPost($0, urn: urn) }
        }
        addImageRoutes(to: router)
        addCommentRoutes(to: router)
    }

    /// `POST /rest/posts` → `201` with an empty body and `x-restli-id: urn:li:share:…`.
    ///
    /// Checked in this order: the member's daily quota (429, no body), the body (422), the author
    /// (403), the images (422: never uploaded, failed, or not the author's), a duplicate (422).
    func createPost(_ call: RestCall) async -> Response {
        guard await shares.consumeDaily(memberID: call.member.id, now: call.now) else {
            return await refuse(.dailyQuotaExceeded, request: call.request, now: call.now)
        }
        let draft: LinkedInPostDraft
        switch LinkedInPostDraft.parse(JSONValue.parse(ByteBuffer(bytes: call.body))) {
        case .failure(let error): return await refuse(error, request: call.request, now: call.now)
        case .success(let parsed): draft = parsed
        }
        let resource = Self.resource("partnerApiPostsExternal.CREATE", call)
        if let problem = authorProblem(draft.author, call, personScopes: Self.memberPostingScopes, organizationScopes: Self.organizationPostingScopes, resource: resource) {
            return await refuse(problem, request: call.request, now: call.now)
        }
        switch await shares.create(draft, memberID: call.member.id, now: call.now) {
        case .failure(let error):
            return await refuse(error, request: call.request, now: call.now)
        case .success(let post):
            await record(call, kind: "post", body: draft.body, remoteID: post.urn, text: draft.commentary, media: draft.imageURNs)
            var headers = HTTPFields()
            headers[Self.restliID] = post.urn
            headers[Self.restliProtocolVersion] = "2.0.0"
            return Response(status: .created, headers: headers)
        }
    }

    /// `GET /rest/posts?author={urn}&q=author[&count=10&start=0&sortBy=LAST_MODIFIED]`: the author's posts,
    /// newest first, with `paging.total`. The sandbox never edits a post, so `CREATED` and `LAST_MODIFIED`
    /// give the same order; any other `sortBy` is refused as LinkedIn refuses it. Posts younger than the
    /// listing lag are not found (nor counted) yet; `GET /rest/posts/{urn}` finds them at once.
    func findPosts(_ call: RestCall) async -> Response {
        let query = OAuth2Parameters(call.request.queryPairs ?? [])
        guard query["q"] == "author" else {
            return await refuse(.illegalArgument("The only finder supported here is q=author."), request: call.request, now: call.now)
        }
        guard let author = query["author"] else {
            return await refuse(.illegalArgument("The author parameter is required by the author finder."), request: call.request, now: call.now)
        }
        let resource = Self.resource("partnerApiPostsExternal.FINDER-author", call)
        if let problem = authorProblem(author, call, personScopes: Self.memberReadingScopes, organizationScopes: Self.organizationReadingScopes, resource: resource) {
            return await refuse(problem, request: call.request, now: call.now)
        }
        if let sortBy = query["sortBy"], !["CREATED", "LAST_MODIFIED"].contains(sortBy) {
            return await refuse(.illegalArgument("sortBy must be CREATED or LAST_MODIFIED, not \(sortBy)."), request: call.request, now: call.now)
        }
        let listing = environment.listings.current
        let posts = await shares.posts(author: author).filter { listing.lists(createdAt: $0.createdAt, now: call.now) }
        return pagedAnswer(posts, call) { $0.rendered(rewritesText: listing.rewritesText) }
    }

    /// `GET /rest/posts/{urn}` (URL-encoded): one post the member may read.
    func getPost(_ call: RestCall, urn: String) async -> Response {
        guard let post = await shares.post(urn) else {
            return await refuse(.notFound("Post \(urn) does not exist."), request: call.request, now: call.now)
        }
        let resource = Self.resource("partnerApiPostsExternal.GET", call)
        if let problem = authorProblem(post.author, call, personScopes: Self.memberReadingScopes, organizationScopes: Self.organizationReadingScopes, resource: resource) {
            return await refuse(problem, request: call.request, now: call.now)
        }
        return answer(post.rendered(rewritesText: environment.listings.current.rewritesText))
    }

    /// `200` with `body` and `X-Restli-Protocol-Version`.
    func answer(_ body: JSONValue) -> Response {
        Response.json(body, status: .ok, headers: [Self.restliProtocolVersion: "2.0.0"])
    }

    static let restliID = HTTPField.Name("x-restli-id")!
}
