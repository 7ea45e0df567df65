#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension XSandboxNetwork {
    /// An authenticated, rate-limited media request with its parsed body.
    struct MediaCall: Sendable {
        var request: Request
        var principal: XPrincipal
        var form: SubmittedForm
        var limit: RateLimitStatus
        var receivedAt: Date
    }

    /// The OAuth 2.0 scope X's media endpoints need (OAuth 1.0a user context needs none).
    static let mediaScopes = ["media.write"]
    /// A one-shot upload: a GIF of up to 15 MB plus the multipart framing.
    static let uploadBodyLimit = 15 * 1024 * 1024 + 64 * 1024
    /// One APPEND: a segment of up to 5 MB plus the framing.
    static let segmentBodyLimit = 5 * 1024 * 1024 + 64 * 1024
    /// The largest segment X accepts.
    static let maximumSegmentBytes = 5 * 1024 * 1024
    /// INIT, FINALIZE and STATUS carry a few fields at most.
    static let smallBodyLimit = 64 * 1024

    /// X's v2 media endpoints: one-shot upload, the chunked trio, the status poll and alt text.
    func addMediaRoutes(to router: Router<BasicRequestContext>) {
        router.post("/2/media/upload") { request, _ in
            await uploadMedia(request)
        }
        router.get("/2/media/upload") { request, _ in
            await mediaStatus(request)
        }
        router.post("/2/media/upload/initialize") { request, _ in
            await mediaCall(request, bodyLimit: Self.smallBodyLimit) { await initializeUpload($0) }
        }
        router.post("/2/media/upload/:id/append") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await mediaCall(request, bodyLimit: Self.segmentBodyLimit) { await appendUpload($0, id: id) }
        }
        router.post("/2/media/upload/:id/finalize") { request, context in
            let id = context.parameters.get("id") ?? ""
            return await mediaCall(request, bodyLimit: Self.smallBodyLimit) { await finalizeUpload($0, id: id) }
        }
        router.post("/2/media/metadata") { request, _ in
            await mediaCall(request, bodyLimit: Self.smallBodyLimit) { await createMediaMetadata($0) }
        }
    }

    /// Reads the body (up to `bodyLimit`), authenticates, takes a rate-limit slot and parses the
    /// form, answering X's problem for whichever step fails; then runs `handler`.
    func mediaCall(_ request: Request, bodyLimit: Int, handler: (MediaCall) async -> Response) async -> Response {
        var request = request
        let receivedAt = environment.now()
        guard let bytes = await request.collectBytes(upTo: bodyLimit) else {
            return await refuse(.payloadTooLarge(bodyLimit), request: request, body: nil, receivedAt: receivedAt, principal: nil)
        }
        let principal: XPrincipal
        switch await authenticate(request, body: ByteBuffer(bytes: bytes), requiredScopes: Self.mediaScopes, now: receivedAt) {
        case .success(let who): principal = who
        case .failure(let problem): return await refuse(problem, request: request, body: nil, receivedAt: receivedAt, principal: nil)
        }
        let limit = await media.consume(userID: principal.user.id, now: receivedAt)
        guard limit.allowed else {
            return await refuse(.tooManyRequests, request: request, body: nil, receivedAt: receivedAt, principal: principal, headers: limit.headers)
        }
        do {
            let form = try SubmittedForm.parse(bytes, contentType: request.headers[.contentType])
            return await handler(MediaCall(request: request, principal: principal, form: form, limit: limit, receivedAt: receivedAt))
        } catch {
            let problem = XProblem.invalidRequest(error.message, reasonCode: "invalid_body")
            return await refuse(problem, request: request, body: nil, receivedAt: receivedAt, principal: principal, headers: limit.headers)
        }
    }

    /// Answers a media call with `problem`, recording the refusal (with the body, files as descriptors).
    func refuse(_ problem: XProblem, _ call: MediaCall) async -> Response {
        await refuse(problem, request: call.request, body: call.form.recordedBody, receivedAt: call.receivedAt, principal: call.principal, headers: call.limit.headers)
    }

    /// `200` with `body` and the rate-limit headers.
    func answer(_ body: JSONValue, _ call: MediaCall) -> Response {
        Response.json(body, status: .ok, headers: call.limit.headers)
    }

    /// Records a completed upload (one-shot, or a finalized chunked one) for `GET /_sandbox/received`.
    func recordUpload(_ media: XMedia, body: JSONValue, _ call: MediaCall) async {
        await environment.recordAcceptance(ReceivedRequest(
            network: name,
            receivedAt: SandboxTimestamp.rfc3339(call.receivedAt),
            method: call.request.method.rawValue,
            path: call.request.uri.path,
            body: body,
            remoteID: media.id,
            oauthConsumerKey: call.principal.oauthConsumerKey,
            userID: call.principal.user.id,
            auth: call.principal.authScheme,
            clientID: call.principal.clientID,
            kind: "media",
            media: [media.id]
        ))
    }

    /// `additional_owners`: a comma-separated list of user ids who may also attach the media.
    static func additionalOwners(_ form: SubmittedForm) -> [String] {
        (form["additional_owners"] ?? "").split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }.filter { !$0.isEmpty }
    }
}
