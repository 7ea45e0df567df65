#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Hummingbird
import SchedulerCore

extension MastodonSandboxNetwork {
    /// A status body's largest size: the text is short, but a client may send it as multipart.
    static let statusBodyLimit = 1_048_576

    func addStatusRoutes(to router: Router<BasicRequestContext>) {
        router.post("/api/v1/statuses") { request, _ in
            await createStatus(request)
        }
        router.get("/api/v1/statuses/:id") { request, context in
            await showStatus(request, id: context.parameters.get("id") ?? "")
        }
    }

    /// `POST /api/v1/statuses` (JSON, form or multipart), in the reference's order: token, throttles, scope, user;
    /// the reply target (404); the `Idempotency-Key` (the same status, 200, or 503 while the first is in flight);
    /// then the media, the text and the statuses limit. The key is per account and lasts an hour.
    func createStatus(_ request: Request) async -> Response {
        var request = request
        let now = environment.now()
        let caller: MastodonCaller
        switch await authenticate(request, scopes: MastodonScopes.writeStatuses, now: now) {
        case .failure(let refusal): return await refuse(refusal.error, request: request, at: now, headers: refusal.headers)
        case .success(let who): caller = who
        }
        guard let account = caller.account else { return await refuse(.userRequired, request: request, at: now) }
        let parameters: MastodonParameters
        switch await MastodonParameters.read(&request, upTo: Self.statusBodyLimit) {
        case .failure(let error): return await refuse(error, request: request, at: now, headers: caller.headers)
        case .success(let read): parameters = read
        }
        let draft: MastodonStatusDraft
        switch await checkedDraft(parameters, account: account) {
        case .failure(let error): return await refuse(error, request: request, body: parameters.recorded, at: now, headers: caller.headers)
        case .success(let valid): draft = valid
        }
        let key = request.headers[HTTPField.Name("Idempotency-Key")!].flatMap { $0.isEmpty ? nil : $0 }
        if let key {
            switch await timeline.claim(key: key, account: account.id, now: now) {
            case .busy:
                return await refuse(.raceCondition, request: request, body: parameters.recorded, at: now, headers: caller.headers)
            case .replay(let statusID):
                return await answer(statusID: statusID, caller: caller, request: request, now: now)
            case .fresh:
                break
            }
        }
        if options.statusProcessing > .zero {
            do { try await Task.sleep(for: options.statusProcessing) } catch {
                if let key { await timeline.release(key: key, account: account.id) }
                return await refuse(.raceCondition, request: request, body: parameters.recorded, at: now, headers: caller.headers)
            }
        }
        let author = MastodonTimeline.Author(accountID: account.id, applicationName: caller.app?.name, applicationWebsite: caller.app?.website)
        let madeAt = environment.now()
        let (result, statusLimit) = await timeline.create(draft, by: author, key: key, now: madeAt)
        let headers = MastodonRateLimitStatus.closest([caller.limit] + (statusLimit.map { [$0] } ?? []))?.headers ?? caller.headers
        switch result {
        case .failure(let error):
            return await refuse(error, request: request, body: parameters.recorded, at: now, headers: headers)
        case .success(let status):
            await recordStatus(status, parameters: parameters, caller: caller, request: request, receivedAt: now)
            return Response.json(await statusEntity(status, now: madeAt), status: .ok, headers: headers)
        }
    }

    /// The draft in `parameters`, its reply target checked as `set_thread` does: it must exist and be visible to
    /// the poster, else 404.
    private func checkedDraft(_ parameters: MastodonParameters, account: MastodonAccount) async -> Result<MastodonStatusDraft, MastodonError> {
        let parsed = MastodonStatusDraft.parse(parameters)
        guard case .success(let draft) = parsed, let parentID = draft.inReplyToID else { return parsed }
        guard let parent = await timeline.status(parentID), parent.isPubliclyVisible || parent.accountID == account.id else {
            return .failure(MastodonError(status: 404, error: "The post you are trying to reply to does not appear to exist.", reasonCode: "reply_target_not_found"))
        }
        return parsed
    }

    /// The status an `Idempotency-Key` already made, answered as when it was made (200).
    private func answer(statusID: String, caller: MastodonCaller, request: Request, now: Date) async -> Response {
        guard let status = await timeline.status(statusID) else {
            return await refuse(.notFound("The status made with this Idempotency-Key is gone."), request: request, at: now, headers: caller.headers)
        }
        environment.logger.debug("Sandbox answered an Idempotency-Key again", metadata: ["sandbox.instance": "\(instance.domain)", "sandbox.remote_id": "\(status.id)"])
        return Response.json(await statusEntity(status, now: now), status: .ok, headers: caller.headers)
    }

    /// `GET /api/v1/statuses/:id`: at once, whatever the listing lag; public without a token, with one it needs
    /// `read:statuses`; another account's private or direct status is 404. Counted for the reads helper.
    func showStatus(_ request: Request, id: String) async -> Response {
        let now = environment.now()
        let caller: MastodonCaller?
        switch await optionalCaller(request, scopes: MastodonScopes.readStatuses, now: now) {
        case .failure(let refusal): return await refuse(refusal.error, request: request, at: now, headers: refusal.headers)
        case .success(let who): caller = who
        }
        guard let status = await timeline.read(id, viewer: caller?.account?.id) else {
            return await refuse(.notFound("No status \(id) visible on \(instance.domain)."), request: request, at: now, headers: caller?.headers ?? [:])
        }
        return Response.json(await statusEntity(status, now: now), status: .ok, headers: caller?.headers ?? [:])
    }

    /// The Status entity of `status`, its author and media looked up.
    func statusEntity(_ status: MastodonStatus, now: Date) async -> JSONValue {
        let author: JSONValue
        if let account = await accounts.account(id: status.accountID) { author = await accountEntity(account) } else { author = .null }
        return entities.status(status, author: author, media: await timeline.media(of: status), linkingURLs: environment.listings.current.rewritesText, now: now)
    }
}
