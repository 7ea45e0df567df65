import Foundation
@testable import Connectors
import NetworkRules

/// What the suites that classify scripted answers share: the class a call fails with, and a Facebook app,
/// a Page token, an Instagram connector and a post with one image, all against scripted answers.
protocol ClassifiesScriptedAnswers {}

extension ClassifiesScriptedAnswers {
    /// The class of the ``ConnectorError`` `body` throws, or nil when it succeeds.
    func code(_ body: () async throws -> Void) async -> ConnectorError.Code? {
        do {
            try await body()
            return nil
        } catch {
            return (error as? ConnectorError)?.code
        }
    }

    var app: FacebookApp { FacebookApp(graphBaseURL: "http://graph.test", appID: "a", appSecret: "s") }
    var pageCredentials: AccountCredentials { .oauth2(accessToken: "pt", refreshToken: nil, expiresAt: nil) }

    /// An Instagram connector answering `rules` first, then a finished container and an unused publishing quota.
    func instagram(_ rules: [(String, String, ScriptedTransport.Answer)]) -> InstagramConnector {
        InstagramConnector(app: app, mediaBaseURL: "http://media.test", transport: ScriptedTransport(rules + [
            ("GET", "/c1?fields=status_code", .respond(200, #"{"status_code":"FINISHED","id":"c1"}"#)),
            ("GET", "/content_publishing_limit", .respond(200, #"{"data":[{"quota_usage":0,"config":{"quota_total":50}}]}"#)),
        ]), pollInterval: .milliseconds(1))
    }

    /// An Instagram post with one 4:5 JPEG (the file is never read: the container gets its URL).
    var instagramPost: PublishRequest {
        let image = MediaItem(path: "/nonexistent/a.jpg", kind: .image, contentType: "image/jpeg", size: 4, sha256: String(repeating: "a", count: 64),
                              width: 1080, height: 1350, alt: nil)
        return PublishRequest(text: "Trail", media: [image], accountRemoteID: "178")
    }
}
