#if canImport(FoundationEssentials)
import SchedulerCore
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import Logging

extension XSandboxNetwork {
    /// `POST /2/tweets`: publishes a post and records it, or refuses it as X would.
    func createTweet(_ request: Request, context: BasicRequestContext) async throws -> Response {
        var request = request
        let receivedAt = environment.now()
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        let json = JSONValue.parse(body)
        let principal: XPrincipal
        switch await authenticate(request, body: body, requiredScopes: XOAuth2.tweetScopes, now: receivedAt) {
        case .success(let who): principal = who
        case .failure(let problem):
            return await refuse(problem, request: request, body: json, receivedAt: receivedAt, principal: nil)
        }
        let mediaProblem = await problem(attachingMediaIn: json, userID: principal.user.id, now: receivedAt)
        let (outcome, limit) = await timeline.createTweet(userID: principal.user.id, body: json, mediaProblem: mediaProblem, now: receivedAt)
        switch outcome {
        case .refused(let problem):
            return await refuse(problem, request: request, body: json, receivedAt: receivedAt, principal: principal, headers: limit.headers)
        case .created(let tweet):
            await record(tweet, request: request, body: json ?? .null, receivedAt: receivedAt, principal: principal)
            var headers = limit.headers
            headers.append(contentsOf: principal.accessLevelHeaders)
            return Response.json(XDataEnvelope(data: XCreatedTweet(tweet)), status: .created, headers: headers)
        }
    }

    /// Why the body's `media.media_ids` cannot be attached by `userID`, if they cannot.
    ///
    /// Checked before the timeline decides, so the timeline's rate-limit, validation and duplicate
    /// checks stay one atomic step; a body that fails validation is the timeline's to refuse.
    private func problem(attachingMediaIn body: JSONValue?, userID: String, now: Date) async -> XProblem? {
        guard case .success(let draft) = TweetValidator.validate(body), !draft.mediaIDs.isEmpty else { return nil }
        return await media.problem(attaching: draft.mediaIDs, owner: userID, now: now)
    }

    /// Remembers an accepted post for `GET /_sandbox/received`.
    private func record(_ tweet: XTweet, request: Request, body: JSONValue, receivedAt: Date, principal: XPrincipal) async {
        await environment.recorder.record(ReceivedRequest(
            network: name,
            receivedAt: SandboxTimestamp.rfc3339(receivedAt),
            method: request.method.rawValue,
            path: request.uri.path,
            body: body,
            remoteID: tweet.id,
            oauthConsumerKey: principal.oauthConsumerKey,
            userID: principal.user.id,
            auth: principal.authScheme,
            clientID: principal.clientID,
            kind: "post",
            text: tweet.text,
            media: tweet.mediaIDs.isEmpty ? nil : tweet.mediaIDs,
            replyTo: tweet.inReplyToID
        ))
        environment.logger.debug(
            "Sandbox accepted a post",
            metadata: [
                "sandbox.network": "\(name)", "sandbox.auth": "\(principal.authScheme)",
                "x.user_id": "\(principal.user.id)", "x.post_id": "\(tweet.id)",
            ]
        )
    }
}
