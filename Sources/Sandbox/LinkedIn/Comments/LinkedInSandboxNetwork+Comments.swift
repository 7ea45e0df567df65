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
    /// Commenting as a member or as an organization. The Comments API's table names `w_member_social` and
    /// `w_organization_social` in older versions and `w_member_social_feed` and `w_organization_social_feed` in the
    /// current one, while "Share on LinkedIn" grants `w_member_social` to "create … comments": either is taken.
    static let memberCommentingScopes: Set<String> = ["w_member_social", "w_member_social_feed"]
    static let organizationCommentingScopes: Set<String> = ["w_organization_social", "w_organization_social_feed"]
    /// Reading comments: `r_member_social` (restricted) or `r_organization_social`, or their `_feed` successors.
    static let memberCommentReadingScopes: Set<String> = ["r_member_social", "r_member_social_feed"]
    static let organizationCommentReadingScopes: Set<String> = ["r_organization_social", "r_organization_social_feed"]

    /// The Comments API on a post: create one, and list them by `start`/`count`.
    func addCommentRoutes(to router: Router<BasicRequestContext>) {
        router.post("/rest/socialActions/:urn/comments") { request, context in
            let urn = PercentDecoding.decode(context.parameters.get("urn") ?? "") ?? ""
            return await restCall(request) { await createComment($0, post: urn) }
        }
        router.get("/rest/socialActions/:urn/comments") { request, context in
            let urn = PercentDecoding.decode(context.parameters.get("urn") ?? "") ?? ""
            return await restCall(request) { await listComments($0, post: urn) }
        }
    }

    /// `POST /rest/socialActions/{post urn}/comments` → `201` with the comment, `x-restli-id` its number.
    ///
    /// Checked in this order: the post (404 when it does not exist), the body (422), the actor (403: the member
    /// or an organization they administer, with a commenting scope).
    func createComment(_ call: RestCall, post urn: String) async -> Response {
        guard await shares.post(urn) != nil else {
            return await refuse(.notFound("Post \(urn) does not exist."), request: call.request, now: call.now)
        }
        let draft: LinkedInCommentDraft
        switch LinkedInCommentDraft.parse(JSONValue.parse(ByteBuffer(bytes: call.body)), post: urn) {
        case .failure(let error): return await refuse(error, request: call.request, now: call.now)
        case .success(let parsed): draft = parsed
        }
        let resource = Self.resource("partnerApiSocialActions.CREATE", call)
        if let problem = authorProblem(draft.actor, call, personScopes: Self.memberCommentingScopes,
                                       organizationScopes: Self.organizationCommentingScopes, resource: resource) {
            return await refuse(problem, request: call.request, now: call.now)
        }
        let comment = await comments.add(draft, post: urn, memberID: call.member.id, now: call.now)
        await record(call, kind: "comment", body: JSONValue.parse(ByteBuffer(bytes: call.body)) ?? .null, remoteID: comment.urn,
                     text: comment.text, media: [], parentID: urn)
        var headers = HTTPFields()
        headers[Self.restliID] = comment.id
        headers[Self.restliProtocolVersion] = "2.0.0"
        return Response.json(comment.rendered(), status: .created, headers: headers)
    }

    /// `GET /rest/socialActions/{post urn}/comments[?start=0&count=10]`: the post's comments, oldest first (the
    /// reference promises no order), with `paging.total`. Like the posts finder, a comment younger than the listing
    /// lag is not there yet, and its text comes back with its whitespace tidied.
    func listComments(_ call: RestCall, post urn: String) async -> Response {
        guard let post = await shares.post(urn) else {
            return await refuse(.notFound("Post \(urn) does not exist."), request: call.request, now: call.now)
        }
        let resource = Self.resource("partnerApiSocialActions.GET_ALL", call)
        if let problem = authorProblem(post.author, call, personScopes: Self.memberCommentReadingScopes,
                                       organizationScopes: Self.organizationCommentReadingScopes, resource: resource) {
            return await refuse(problem, request: call.request, now: call.now)
        }
        let listing = environment.listings.current
        let listed = await comments.comments(on: urn).filter { listing.lists(createdAt: $0.createdAt, now: call.now) }
        return pagedAnswer(listed, call) { $0.rendered(rewritesText: listing.rewritesText) }
    }
}
