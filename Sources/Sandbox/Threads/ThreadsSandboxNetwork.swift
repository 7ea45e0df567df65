#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

/// The sandbox Threads API (`graph.threads.net`, with the authorization window of `threads.com`): OAuth (code,
/// short-lived token, `th_exchange_token`, `th_refresh_token`), containers that process and expire, publishing once,
/// the publishing quota, the profile's posts and replies, and `/_sandbox/threads/…` helpers.
///
/// Written from docs/research/threads.md, apart from the connector and NetworkRules, and at least as strict as the
/// reference (the stricter reading where it is silent). API calls live under `/v1.0/` only, the token endpoints
/// unversioned, as documented. Errors have Graph's shape and almost all answer HTTP 400.
///
/// Not yet served by ``SandboxServer``: it needs a listener of its own, since `graph.threads.net` is its own host
/// and its paths (`/oauth/access_token`, `/v1.0/me`) collide with Graph's.
struct ThreadsSandboxNetwork: SandboxNetwork {
    let name = "threads"
    let environment: SandboxEnvironment
    let directory = ThreadsDirectory()
    let oauth: OAuth2Authority
    let publisher: ThreadsPublisher
    let budget: ThreadsCallBudget

    /// The only API version Threads has.
    static let version = "v1.0"

    /// - Parameter limits: the quotas, the processing time and the call budget; tests pass smaller or faster ones.
    init(environment: SandboxEnvironment, limits: ThreadsLimits = ThreadsLimits()) {
        self.environment = environment
        self.oauth = OAuth2Authority(profile: ThreadsOAuth.profile(environment.configuration), recorder: environment.recorder)
        self.publisher = ThreadsPublisher(limits: limits)
        self.budget = ThreadsCallBudget(limit: limits.calls, window: Double(limits.window))
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/oauth/authorize") { request, _ in await authorize(request) }
        router.post("/oauth/access_token") { request, _ in await exchangeCode(request) }
        router.get("/access_token") { request, _ in await exchangeForLongLived(request) }
        router.get("/refresh_access_token") { request, _ in await refreshLongLived(request) }
        router.get("/:version/:id") { request, context in
            await versioned(request, context) { id in await node(request, nodeID: id) }
        }
        router.get("/:version/:id/threads") { request, context in
            await versioned(request, context) { id in await listThreads(request, nodeID: id) }
        }
        router.post("/:version/:id/threads") { request, context in
            await versioned(request, context) { id in await createContainer(request, nodeID: id) }
        }
        router.post("/:version/:id/threads_publish") { request, context in
            await versioned(request, context) { id in await publish(request, nodeID: id) }
        }
        router.get("/:version/:id/threads_publishing_limit") { request, context in
            await versioned(request, context) { id in await publishingLimit(request, nodeID: id) }
        }
        router.get("/:version/:id/replies") { request, context in
            await versioned(request, context) { id in await listReplies(request, nodeID: id) }
        }
    }

    func addHelperRoutes(to router: Router<BasicRequestContext>) {
        addSandboxHelperRoutes(to: router)
    }

    /// Runs `handler` with the path's node id when the path's version is `v1.0`, else answers Graph's unknown-path error.
    private func versioned(_ request: Request, _ context: BasicRequestContext, _ handler: (String) async -> Response) async -> Response {
        guard context.parameters.get("version") == Self.version else {
            return await refuse(.unknownPath(request.uri.path), request: request, now: environment.now())
        }
        return await handler(context.parameters.get("id") ?? "")
    }

    /// Records a refusal under `threads` and answers with the error's body and status.
    func refuse(_ error: ThreadsError, request: Request, now: Date) async -> Response {
        await environment.recordRejection(
            network: name, request: request, status: error.status, reasonCode: error.reasonCode, reason: error.recordedReason, at: now
        )
        return Response.json(error, status: .init(code: error.status))
    }

    /// Records a refused code exchange, in that endpoint's own error shape.
    func refuse(_ error: ThreadsCodeExchangeError, request: Request, now: Date) async -> Response {
        await environment.recordRejection(network: name, request: request, status: 400, reasonCode: error.reasonCode, reason: error.errorMessage, at: now)
        return Response.json(error, status: .badRequest, headers: [.cacheControl: "no-store"])
    }

    /// Remembers an accepted container or publish for `GET /_sandbox/received`.
    func record(_ call: ThreadsCall, kind: String, remoteID: String, text: String?, media: [String], fetched: JSONValue? = nil,
                images: [ReceivedImage]? = nil, replyTo: String? = nil) async {
        await environment.recordAcceptance(ReceivedRequest(
            network: name, receivedAt: SandboxTimestamp.rfc3339(call.now), method: call.request.method.rawValue, path: call.request.uri.path,
            body: call.parameters.recordedBody, remoteID: remoteID, userID: call.user.id, auth: "oauth2", clientID: call.info.clientID,
            kind: kind, text: text, media: media.isEmpty ? nil : media, fetched: fetched, version: Self.version, replyTo: replyTo, images: images
        ))
    }
}
