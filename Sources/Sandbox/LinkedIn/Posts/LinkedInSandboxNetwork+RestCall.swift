#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension LinkedInSandboxNetwork {
    /// An authenticated LinkedIn call: the member, their grant, the body and when it arrived.
    struct RestCall: Sendable {
        var request: Request
        var member: LinkedInMember
        var info: TokenInfo
        var body: [UInt8]
        var now: Date
    }

    /// Checks the Bearer token, then (for `/rest/` resources) `LinkedIn-Version` and
    /// `X-Restli-Protocol-Version: 2.0.0`, reads the body (up to `bodyLimit`) and runs `handler`.
    func restCall(_ request: Request, versioned: Bool = true, bodyLimit: Int = 256 * 1024, _ handler: (RestCall) async -> Response) async -> Response {
        var request = request
        let now = environment.now()
        guard let token = request.bearerToken else { return await refuse(.emptyToken, request: request, now: now) }
        let info: TokenInfo
        switch await oauth.validate(token, now: now) {
        case .failure(let refusal): return await refuse(.from(refusal), request: request, now: now)
        case .success(let valid): info = valid
        }
        if versioned {
            if let error = Self.versionError(request, now: now) { return await refuse(error, request: request, now: now) }
            guard request.headers[Self.restliProtocolVersion] == "2.0.0" else { return await refuse(.protocolVersionMissing, request: request, now: now) }
        }
        guard let member = await directory.member(id: info.subject) else { return await refuse(.invalidToken, request: request, now: now) }
        guard let body = await request.collectBytes(upTo: bodyLimit) else { return await refuse(.bodyTooLarge(bodyLimit), request: request, now: now) }
        return await handler(RestCall(request: request, member: member, info: info, body: body, now: now))
    }

    /// Why the call's member may not act as `author`, or `nil` when they may.
    ///
    /// A person URN must be the member's own and needs one of `personScopes`; an organization URN
    /// must be one the member administers and needs one of `organizationScopes`.
    func authorProblem(
        _ author: String,
        _ call: RestCall,
        personScopes: Set<String>,
        organizationScopes: Set<String>,
        resource: String
    ) -> LinkedInError? {
        let scopes = Set(call.info.scopes)
        let needed: Set<String>
        if author.hasPrefix("urn:li:person:") {
            guard author == call.member.urn else { return .authorDenied(resource, author: author, reason: "wrong_author") }
            needed = personScopes
        } else if author.hasPrefix("urn:li:organization:") {
            guard author == call.member.organization.urn else { return .authorDenied(resource, author: author, reason: "wrong_author") }
            needed = organizationScopes
        } else {
            return .invalidField("/author", "\"\(author)\" is not a person or organization URN")
        }
        return needed.isDisjoint(with: scopes) ? .accessDenied(resource) : nil
    }

    /// `partnerApiPostsExternal.CREATE.20240101`: how LinkedIn names a resource method in permission errors.
    static func resource(_ name: String, _ call: RestCall) -> String {
        "\(name).\(versionDate(call.request))"
    }

    /// Records an accepted post or image upload for `GET /_sandbox/received`.
    func record(_ call: RestCall, kind: String, body: JSONValue, remoteID: String, text: String?, media: [String], parentID: String? = nil) async {
        await environment.recordAcceptance(ReceivedRequest(
            network: name,
            receivedAt: SandboxTimestamp.rfc3339(call.now),
            method: call.request.method.rawValue,
            path: call.request.uri.path,
            body: body,
            remoteID: remoteID,
            userID: call.member.id,
            auth: "oauth2",
            clientID: call.info.clientID,
            kind: kind,
            text: text,
            media: media.isEmpty ? nil : media,
            version: call.request.headers[Self.linkedInVersion],
            parentID: parentID
        ))
    }

    /// One `start`/`count` page of `items` (`count` 1 to 100, default 10), each rendered, with `paging.total`, as
    /// Rest.li collections (the posts finder, a post's comments) answer.
    func pagedAnswer<Item>(_ items: [Item], _ call: RestCall, render: (Item) -> JSONValue) -> Response {
        let query = OAuth2Parameters(call.request.queryPairs ?? [])
        let start = max(0, Int(query["start"] ?? "") ?? 0)
        let count = min(100, max(1, Int(query["count"] ?? "") ?? 10))
        return answer(.object([
            "paging": .object(["start": .integer(Int64(start)), "count": .integer(Int64(count)), "links": .array([]), "total": .integer(Int64(items.count))]),
            "elements": .array(items.dropFirst(start).prefix(count).map(render)),
        ]))
    }
}
