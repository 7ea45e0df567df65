import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore
import Testing
@testable import Connectors
@testable import Sandbox

/// ``LinkedInConnector``'s MultiImage posts and first comments against the sandbox LinkedIn, and what it makes of
/// answers the sandbox cannot be made to give.
@Suite(.timeLimit(.minutes(1))) struct LinkedInPostsAndCommentsTests {
    struct Member {
        var connector: LinkedInConnector
        var person: String
        var credentials: AccountCredentials
    }

    /// A member of a sandbox LinkedIn whose app has every product, so comments can be read back.
    static func withMember(_ body: @Sendable (SandboxX, Member) async throws -> Void) async throws {
        try await SandboxX.with(configuration: SandboxConfiguration(linkedinProducts: Set(LinkedInProduct.allCases))) { sandbox in
            let base = try #require(try await sandbox.sandbox.baseURLs()["linkedin"])
            let minted = try await sandbox.client.send(HTTPRequest(method: "POST", url: base + "/_sandbox/linkedin/tokens",
                                                                   headers: [HTTPHeader("Content-Type", "application/json")], body: Array(#"{"username":"rower"}"#.utf8)))
            let answer = try #require(ConnectorTransport.json(minted))
            let credentials = AccountCredentials.oauth2(accessToken: try #require(answer["access_token"]?.stringValue), refreshToken: nil, expiresAt: nil,
                                                        scopes: (answer["scope"]?.stringValue ?? "").split(separator: " ").map(String.init))
            let connector = LinkedInConnector(app: LinkedInApp(apiBaseURL: base, authBaseURL: base, clientID: "unused", clientSecret: "unused"),
                                              transport: sandbox.client)
            try await body(sandbox, Member(connector: connector, person: try #require(answer["person_urn"]?.stringValue), credentials: credentials))
        }
    }

    @Test func threeImages_makeOneMultiImagePost_recordedWithEachAltText_asThePreviewShowed() async throws {
        try await Self.withMember { sandbox, member in
            let alts = ["Start line", "Mile 13", "Finish"]
            let items = try alts.map { try AltTextTests.picture(alt: $0) }
            defer { items.forEach { try? FileManager.default.removeItem(atPath: $0.path) } }
            let request = PublishRequest(text: "Half marathon (PB)", media: items, accountRemoteID: member.person)

            let published = try await member.connector.publish(request, credentials: member.credentials)

            let received = await sandbox.sandbox.received()
            #expect(received.filter { $0.kind == "media" }.count == 3)
            let post = try #require(received.last)
            #expect(post.remoteID == published.remoteID)
            guard case .array(let images)? = post.body["content"]?["multiImage"]?["images"] else {
                Issue.record("the post was not a MultiImage post: \(post.body)")
                return
            }
            #expect(images.map { $0["altText"]?.stringValue } == alts)
            #expect(images.map { $0["id"]?.stringValue } == post.media?.map(Optional.some))
            guard case .array(let previewed)? = member.connector.preview(request)["content"]?["multiImage"]?["images"] else {
                Issue.record("the preview shows no MultiImage content")
                return
            }
            #expect(previewed.map { $0["altText"]?.stringValue } == alts)
            let single = PublishRequest(text: "One", media: [items[0]], accountRemoteID: member.person)
            #expect(member.connector.preview(single)["content"]?["media"]?["altText"]?.stringValue == "Start line", "one image keeps content.media")
        }
    }

    @Test func aComment_isMadeOnce_andFoundByItsTextAndPost_only() async throws {
        try await Self.withMember { sandbox, member in
            let since = Date().addingTimeInterval(-5)
            let post = try await member.connector.publish(PublishRequest(text: "Club run tonight", accountRemoteID: member.person), credentials: member.credentials)
            let other = try await member.connector.publish(PublishRequest(text: "Club run tomorrow", accountRemoteID: member.person), credentials: member.credentials)
            let request = CommentRequest(text: "Meet at the gate (7 pm) #running", postRemoteID: post.remoteID, accountRemoteID: member.person)

            let comment = try await member.connector.comment(request, credentials: member.credentials)

            #expect(comment.remoteID.hasPrefix("urn:li:comment:(\(post.remoteID),"))
            let comments = await sandbox.sandbox.received().filter { $0.kind == "comment" }
            #expect(comments.count == 1)
            #expect(comments.first?.parentID == post.remoteID)
            #expect(comments.first?.text == request.text)
            #expect(try await member.connector.findComment(request, since: since, credentials: member.credentials)?.remoteID == comment.remoteID)
            var otherText = request
            otherText.text = "Meet at the gate (8 pm) #running"
            #expect(try await member.connector.findComment(otherText, since: since, credentials: member.credentials) == nil)
            var otherPost = request
            otherPost.postRemoteID = other.remoteID
            #expect(try await member.connector.findComment(otherPost, since: since, credentials: member.credentials) == nil)
            let later = try await member.connector.findComment(request, since: Date().addingTimeInterval(3_600), credentials: member.credentials)
            #expect(later == nil, "a comment older than the window does not count")
        }
    }

    @Test func findComment_withoutAReadScope_saysItCannotLook() async throws {
        let connector = LinkedInConnector(app: LinkedInApp(clientID: "i", clientSecret: "s"), transport: ScriptedTransport([]))
        let credentials = AccountCredentials.oauth2(accessToken: "t", refreshToken: nil, expiresAt: nil, scopes: ["openid", "w_member_social"])
        let error = await #expect(throws: ConnectorError.self) {
            try await connector.findComment(CommentRequest(text: "Hi", postRemoteID: "urn:li:share:1", accountRemoteID: "urn:li:person:a"),
                                            since: Date(), credentials: credentials)
        }
        #expect(error?.code == .permanent)
        #expect(error?.message.contains("r_member_social") == true)
    }

    @Test(arguments: [ScriptedTransport.respond(500, #"{"status":500,"message":"Internal Server Error"}"#, headers: []),
                      ScriptedTransport.respond(201, "", headers: []), ScriptedTransport.timedOut])
    func aCommentsServerErrorLostOrUnreadableAnswer_isUncertain(answer: ScriptedTransport.Answer) async throws {
        let transport = ScriptedTransport([("POST", "/comments", answer)])
        let connector = LinkedInConnector(app: LinkedInApp(clientID: "i", clientSecret: "s"), transport: transport)
        let error = await #expect(throws: ConnectorError.self) {
            try await connector.comment(CommentRequest(text: "Hi", postRemoteID: "urn:li:share:1", accountRemoteID: "urn:li:person:a"),
                                        credentials: .oauth2(accessToken: "t", refreshToken: nil, expiresAt: nil))
        }
        #expect(error?.code == .uncertain)
        #expect(transport.sent.all.count == 1, "no retry of its own")
        #expect(transport.sent.all.first?.url == "https://api.linkedin.com/rest/socialActions/urn%3Ali%3Ashare%3A1/comments")
    }
}
