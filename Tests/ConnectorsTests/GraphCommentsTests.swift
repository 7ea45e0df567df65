import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore
import Testing
@testable import Connectors
@testable import Sandbox

/// First comments on Facebook and Instagram: made once, found by `findComment`, and never taken for another.
@Suite struct GraphCommentsTests {
    @Test func facebook_aCommentIsMadeOnce_andFoundByItsTextAndAuthor_butNotForAnotherTextOrPost() async throws {
        try await ListingSandbox.with { sandbox in
            let page = try await sandbox.facebookPage(username: "commenter")
            let connector = FacebookConnector(app: sandbox.facebookApp, transport: sandbox.client)
            let since = sandbox.clock.now
            let post = try await connector.publish(PublishRequest(text: "Race day", accountRemoteID: page.id), credentials: page.credentials)
            let other = try await connector.publish(PublishRequest(text: "Rest day", accountRemoteID: page.id), credentials: page.credentials)
            let request = CommentRequest(text: "Results: example.com/results\nSee you next year", postRemoteID: post.remoteID, accountRemoteID: page.id)
            let made = try await connector.comment(request, credentials: page.credentials)

            let comments = try await sandbox.received().filter { $0["kind"]?.stringValue == "comment" }
            #expect(comments.count == 1)
            #expect(comments.first?["parent_id"]?.stringValue == post.remoteID)
            #expect(comments.first?["remote_id"]?.stringValue == made.remoteID)
            #expect(try await connector.findComment(request, since: since, credentials: page.credentials)?.remoteID == made.remoteID)
            var otherText = request
            otherText.text = "Results: example.com/results"
            #expect(try await connector.findComment(otherText, since: since, credentials: page.credentials) == nil)
            var otherPost = request
            otherPost.postRemoteID = other.remoteID
            #expect(try await connector.findComment(otherPost, since: since, credentials: page.credentials) == nil)
            #expect(try await connector.findComment(request, since: since.addingTimeInterval(3_600), credentials: page.credentials) == nil)
        }
    }

    @Test func instagram_aCommentIsMadeOnce_andFound_butNotForAnotherTextOrMedia() async throws {
        try await ListingSandbox.with { sandbox in
            let page = try await sandbox.facebookPage(username: "igcommenter")
            let url = try await sandbox.hostImage()
            try await sandbox.publishToInstagram(page, imageURL: url, caption: "Hill repeats")
            try await sandbox.publishToInstagram(page, imageURL: url, caption: "Easy jog")
            let media = try await mediaIDs(sandbox, page)
            let connector = InstagramConnector(app: sandbox.facebookApp, mediaBaseURL: sandbox.graph + "/_sandbox/files", transport: sandbox.client)
            let since = sandbox.clock.now
            let request = CommentRequest(text: "#hills #running", postRemoteID: media[1], accountRemoteID: page.instagramID)
            let made = try await connector.comment(request, credentials: page.credentials)

            let comments = try await sandbox.received().filter { $0["kind"]?.stringValue == "comment" }
            #expect(comments.map { $0["parent_id"]?.stringValue } == [media[1]])
            #expect(comments.first?["network"]?.stringValue == "instagram")
            #expect(try await connector.findComment(request, since: since, credentials: page.credentials)?.remoteID == made.remoteID)
            var otherText = request
            otherText.text = "#hills"
            #expect(try await connector.findComment(otherText, since: since, credentials: page.credentials) == nil)
            var otherMedia = request
            otherMedia.postRemoteID = media[0]
            #expect(try await connector.findComment(otherMedia, since: since, credentials: page.credentials) == nil)
        }
    }

    /// Instagram's reference promises no order (the sandbox lists oldest first): a look-up that stopped at the first
    /// comment older than `since` would miss one made later, three pages on.
    @Test func instagram_findComment_readsEveryPage_sinceTheReferencePromisesNoOrder() async throws {
        try await ListingSandbox.with { sandbox in
            let page = try await sandbox.facebookPage(username: "busy")
            try await sandbox.publishToInstagram(page, imageURL: try await sandbox.hostImage(), caption: "Popular")
            let mediaID = try #require(try await mediaIDs(sandbox, page).first)
            let connector = InstagramConnector(app: sandbox.facebookApp, mediaBaseURL: nil, transport: sandbox.client)
            for number in 0..<(InstagramConnector.commentPageSize * 2) {
                _ = try await connector.comment(CommentRequest(text: "Earlier \(number)", postRemoteID: mediaID, accountRemoteID: page.instagramID),
                                                credentials: page.credentials)
            }
            sandbox.clock.advance(by: 3_600)
            let since = sandbox.clock.now
            let request = CommentRequest(text: "The first comment, late", postRemoteID: mediaID, accountRemoteID: page.instagramID)
            let made = try await connector.comment(request, credentials: page.credentials)
            let tap = ListingTap(sandbox.client, marker: "/comments")
            let looking = InstagramConnector(app: sandbox.facebookApp, mediaBaseURL: nil, transport: tap)
            #expect(try await looking.findComment(request, since: since, credentials: page.credentials)?.remoteID == made.remoteID)
            #expect(tap.listings == 3)
        }
    }

    @Test func aCommentPOST_thatGetsA5xxOrNoAnswer_isUncertain_andARefusalIsPermanent() async throws {
        let request = CommentRequest(text: "Well run", postRemoteID: "105_1", accountRemoteID: "105")
        let credentials = AccountCredentials.oauth2(accessToken: "t", refreshToken: nil, expiresAt: nil)
        let answers: [(ScriptedTransport.Answer, ConnectorError.Code)] = [
            (.respond(500, #"{"error":{"message":"An unexpected error has occurred.","code":2}}"#), .uncertain),
            (.respond(502, "<html>Bad Gateway</html>"), .uncertain),
            (ScriptedTransport.timedOut, .uncertain),
            (ScriptedTransport.refused, .retryable),
            (.respond(400, #"{"error":{"message":"(#200) Permissions error","code":200}}"#), .permanent),
        ]
        for (answer, expected) in answers {
            let facebook = FacebookConnector(app: FacebookApp(appID: "a", appSecret: "s"), transport: ScriptedTransport([("POST", "/comments", answer)]))
            let instagram = InstagramConnector(app: FacebookApp(appID: "a", appSecret: "s"), mediaBaseURL: nil,
                                               transport: ScriptedTransport([("POST", "/comments", answer)]))
            #expect(await Self.code { () async throws(ConnectorError) in try await facebook.comment(request, credentials: credentials) } == expected, "\(answer)")
            #expect(await Self.code { () async throws(ConnectorError) in try await instagram.comment(request, credentials: credentials) } == expected, "\(answer)")
        }
        let failing = FacebookConnector(app: FacebookApp(appID: "a", appSecret: "s"), transport: ScriptedTransport([("GET", "/comments", .respond(500, "{}"))]))
        do {
            _ = try await failing.findComment(request, since: Date(), credentials: credentials)
            Issue.record("a look-up that could not read the comments must throw, not answer nil")
        } catch {
            #expect(error.code == .retryable)
        }
    }

    /// The class of the error `body` throws; nil when it does not throw.
    static func code(_ body: () async throws(ConnectorError) -> PublishedPost) async -> ConnectorError.Code? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error.code
        }
    }

    /// The account's media ids, newest first.
    func mediaIDs(_ sandbox: ListingSandbox, _ page: GraphTestPage) async throws -> [String] {
        let response = try await sandbox.client.send(HTTPRequest(url: sandbox.graph + "/v19.0/\(page.instagramID)/media?access_token=\(page.credentials.token)"))
        guard case .array(let items)? = try JSONDecoder().decode(JSONValue.self, from: Data(response.body))["data"] else { return [] }
        return items.compactMap { $0["id"]?.stringValue }
    }
}
