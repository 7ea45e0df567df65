#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension FacebookSandboxNetwork {
    /// `POST /_sandbox/facebook/tokens`: the user's Page token, as Graph API Explorer's "Get Page Access Token" gives it
    /// from a long-lived user token (so it does not expire): what `schedctl accounts add facebook` takes.
    ///
    /// Body `{"username": "runner", "scopes": [...]}`, both optional; the scopes default to what publishing needs, and
    /// fewer make a Page token that cannot publish (to see it refused). The user token it came from is in
    /// `user_access_token`, for `/me/accounts` and the like.
    func mintPageToken(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let grant: TokenGrant, user: FacebookUser
        switch try await mintUserGrant(request, context: context) {
        case .refused(let answer): return answer
        case .minted(let minted, let who, _): (grant, user) = (minted, who)
        }
        let page = await oauth.issueAccessToken(in: grant.family, principal: user.page.id, lifetime: nil, grant: "page_token", now: environment.now())
        let body: JSONValue = .object([
            "access_token": .string(page.token),
            "token_type": .string("bearer"),
            "user_access_token": .string(grant.accessToken),
            "scope": .string(grant.scopes.joined(separator: ",")),
            "user_id": .string(user.id),
            "page_id": .string(user.page.id),
            "name": .string(user.page.name),
            "instagram_user_id": .string(user.page.instagram.id),
        ])
        return Response.json(body, status: .created)
    }
}
