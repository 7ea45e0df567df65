import Foundation
import HTTPClient
import NetworkRules
import SchedulerCore
import Testing
@testable import Connectors
@testable import Sandbox

/// X threads and first comments through ``XConnector`` against the sandbox X: each part a reply to the one before.
@Suite(.timeLimit(.minutes(1))) struct XThreadTests {
    /// Publishes `texts` as a thread, each part answering the previous; `media` goes on the part at its index.
    func publishThread(_ connector: XConnector, _ texts: [String], media: [Int: MediaItem] = [:], user: String,
                       credentials: AccountCredentials) async throws -> [String] {
        var ids: [String] = []
        for (index, text) in texts.enumerated() {
            let part = PublishRequest(text: text, media: media[index].map { [$0] } ?? [], accountRemoteID: user, replyTo: ids.last)
            ids.append(try await connector.publish(part, credentials: credentials).remoteID)
        }
        return ids
    }

    /// The user's timeline as X lists it with `tweet.fields`, newest first.
    func timeline(_ connector: XConnector, user: String, fields: String, credentials: AccountCredentials) async throws -> [JSONValue] {
        let response = try await connector.send(method: "GET", path: "/2/users/\(user)/tweets?tweet.fields=\(fields)", body: nil, credentials: credentials)
        guard case .array(let posts)? = ConnectorTransport.json(response)?["data"] else { return [] }
        return posts
    }

    @Test func aFourPartThread_withAnImageOnPartTwo_isListedAsAChainOfReplies() async throws {
        try await SandboxX.with { x in
            let grant = try await x.mintToken(username: "threader")
            let connector = x.connector()
            let image = try AltTextTests.picture(alt: "Elevation profile")
            defer { try? FileManager.default.removeItem(atPath: image.path) }
            let texts = ["Marathon recap 🧵 1/4", "2/4 The hills came early", "3/4 Fuel at 30 km", "4/4 Finished in 3:29"]

            let ids = try await publishThread(connector, texts, media: [1: image], user: grant.userID, credentials: grant.credentials)

            let listed = try await timeline(connector, user: grant.userID, fields: "referenced_tweets,conversation_id,attachments", credentials: grant.credentials)
            #expect(listed.map { $0["id"]?.stringValue } == ids.reversed())
            let oldestFirst = Array(listed.reversed())
            #expect(oldestFirst[0]["referenced_tweets"] == nil)
            for index in 1..<4 {
                #expect(oldestFirst[index]["referenced_tweets"]?[0]?["type"]?.stringValue == "replied_to")
                #expect(oldestFirst[index]["referenced_tweets"]?[0]?["id"]?.stringValue == ids[index - 1], "part \(index + 1) answers part \(index)")
            }
            #expect(oldestFirst.allSatisfy { $0["conversation_id"]?.stringValue == ids[0] })
            #expect(oldestFirst[1]["attachments"] != nil && oldestFirst[2]["attachments"] == nil)
            let posts = await x.sandbox.received().filter { $0.path == "/2/tweets" }
            #expect(posts.map(\.replyTo) == [nil] + ids.dropLast())
            #expect(posts[1].media?.count == 1)
        }
    }

    @Test func findPublished_findsAPart_onlyWithTheRightReplyTo() async throws {
        try await SandboxX.with { x in
            let grant = try await x.mintToken(username: "finder")
            let connector = x.connector()
            let since = Date().addingTimeInterval(-5)
            let ids = try await publishThread(connector, ["Intervals, a thread", "6 × 800 m"], user: grant.userID, credentials: grant.credentials)
            let part = PublishRequest(text: "6 × 800 m", accountRemoteID: grant.userID, replyTo: ids[0])

            #expect(try await connector.findPublished(part, since: since, credentials: grant.credentials)?.remoteID == ids[1])
            var elsewhere = part
            elsewhere.replyTo = "1234567890123456789"
            #expect(try await connector.findPublished(elsewhere, since: since, credentials: grant.credentials) == nil)
            elsewhere.replyTo = nil
            #expect(try await connector.findPublished(elsewhere, since: since, credentials: grant.credentials) == nil,
                    "a reply is not taken for a post of its own with the same words")
        }
    }

    @Test func aReplyToAPostThatDoesNotExist_isRefusedForGood_andNothingIsPosted() async throws {
        try await SandboxX.with { x in
            let grant = try await x.mintToken(username: "orphan")

            let error = await #expect(throws: ConnectorError.self) {
                try await x.connector().publish(PublishRequest(text: "Part 2", accountRemoteID: grant.userID, replyTo: "1999999999999999999"),
                                                credentials: grant.credentials)
            }

            #expect(error?.code == .permanent)
            #expect(error?.httpStatus == 403)
            #expect(error?.message.contains("deleted or not visible") == true)
            #expect(await x.sandbox.received().isEmpty)
        }
    }

    @Test func aFirstComment_isAReplyToThePost_andFindCommentFindsIt() async throws {
        try await SandboxX.with { x in
            let grant = try await x.mintToken(username: "commenter")
            let connector = x.connector()
            let since = Date().addingTimeInterval(-5)
            let post = try await connector.publish(PublishRequest(text: "Parkrun PB!", accountRemoteID: grant.userID), credentials: grant.credentials)
            let request = CommentRequest(text: "Results: https://example.com/results", postRemoteID: post.remoteID, accountRemoteID: grant.userID)

            let comment = try await connector.comment(request, credentials: grant.credentials)

            #expect(await x.sandbox.received().last?.replyTo == post.remoteID)
            #expect(try await connector.findComment(request, since: since, credentials: grant.credentials)?.remoteID == comment.remoteID)
            var other = request
            other.text = "Results later"
            #expect(try await connector.findComment(other, since: since, credentials: grant.credentials) == nil)
        }
    }
}

extension JSONValue {
    /// The element at `index`, when this is an array that long.
    fileprivate subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
