#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import SchedulerCore

extension MastodonSandboxNetwork {
    /// Remembers an accepted status for `GET /_sandbox/received`: kind `post`, the account's id as `user_id`, the app's
    /// client id, the text as sent, its media and the status it replies to; the body carries `_instance`.
    func recordStatus(_ status: MastodonStatus, parameters: MastodonParameters, caller: MastodonCaller, request: Request, receivedAt: Date) async {
        await environment.recordAcceptance(ReceivedRequest(
            network: name, receivedAt: SandboxTimestamp.rfc3339(receivedAt), method: request.method.rawValue, path: request.uri.path,
            body: recordedBody(parameters.recorded), remoteID: status.id, userID: status.accountID, auth: "oauth2", clientID: caller.app?.clientID,
            kind: "post", text: status.text, media: status.mediaIDs.isEmpty ? nil : status.mediaIDs, replyTo: status.inReplyToID,
            images: status.mediaIDs.isEmpty ? nil : await images(of: status)
        ))
    }

    /// Remembers an accepted upload: kind `media`, its own id as `media`.
    func recordMedia(_ media: MastodonMedia, parameters: MastodonParameters, caller: MastodonCaller, request: Request, receivedAt: Date) async {
        await environment.recordAcceptance(ReceivedRequest(
            network: name, receivedAt: SandboxTimestamp.rfc3339(receivedAt), method: request.method.rawValue, path: request.uri.path,
            body: recordedBody(parameters.recorded), remoteID: media.id, userID: media.accountID, auth: "oauth2", clientID: caller.app?.clientID,
            kind: "media", media: [media.id]
        ))
    }

    private func images(of status: MastodonStatus) async -> [ReceivedImage] {
        await timeline.media(of: status).map { media in
            ReceivedImage(id: media.id, altText: media.description, sha256: media.sha256, width: media.width, height: media.height)
        }
    }
}
