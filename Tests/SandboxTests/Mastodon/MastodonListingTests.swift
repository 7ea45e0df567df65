import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// `GET /api/v1/accounts/:id/statuses`: newest first, paging by id with `Link`, filters, visibility and the lag.
@Suite struct MastodonListingTests {
    /// Posts `count` statuses `s0`, `s1`, … and returns their ids, oldest first.
    func post(_ count: Int, _ mastodon: MastodonHarness, token: String) async throws -> [String] {
        var ids: [String] = []
        for index in 0..<count {
            ids.append(try #require(try await mastodon.status("s\(index)", token: token).json?["id"]?.stringValue))
        }
        return ids
    }

    func ids(_ response: HTTPResponse) -> [String] {
        guard case .array(let items)? = response.json else { return [] }
        return items.compactMap { $0["id"]?.stringValue }
    }

    @Test func theListing_isNewestFirst_andPagesByIdWithALinkHeader() async throws {
        try await MastodonHarness.run { mastodon in
            let (token, accountID) = try await mastodon.token()
            let posted = try await post(5, mastodon, token: token)
            let path = "/api/v1/accounts/\(accountID)/statuses"
            let first = try await mastodon.get(path, [("limit", "2")], token: token)
            #expect(first.status == 200)
            #expect(ids(first) == [posted[4], posted[3]])
            let link = try #require(first.header("Link"))
            #expect(link.contains("\(mastodon.base)\(path)?limit=2&max_id=\(posted[3])>; rel=\"next\""))
            #expect(link.contains("min_id=\(posted[4])>; rel=\"prev\""))
            #expect(ids(try await mastodon.get(path, [("limit", "2"), ("max_id", posted[3])], token: token)) == [posted[2], posted[1]])
            #expect(ids(try await mastodon.get(path, [("limit", "2"), ("min_id", posted[0])], token: token)) == [posted[2], posted[1]])
            #expect(ids(try await mastodon.get(path, [("limit", "2"), ("since_id", posted[0])], token: token)) == [posted[4], posted[3]])
            let last = try await mastodon.get(path, [("limit", "2"), ("max_id", posted[1])], token: token)
            #expect(ids(last) == [posted[0]])
            #expect(last.header("Link")?.contains("rel=\"next\"") == false)
            #expect(ids(try await mastodon.get(path, [("limit", "100")])).count == 5)
            let reads = try await mastodon.get(mastodon.helper + "/reads", [("account_id", accountID)])
            #expect(reads.json?["list_statuses"] == .integer(6))
            #expect(try await mastodon.get("/api/v1/accounts/1/statuses").status == 404)
        }
    }

    @Test func theLimit_defaultsTo20_andIsCutTo40() async throws {
        try await MastodonHarness.run { mastodon in
            let (token, accountID) = try await mastodon.token()
            _ = try await post(41, mastodon, token: token)
            let path = "/api/v1/accounts/\(accountID)/statuses"
            #expect(ids(try await mastodon.get(path, token: token)).count == 20)
            #expect(ids(try await mastodon.get(path, [("limit", "100")], token: token)).count == 40)
        }
    }

    @Test func excludeReplies_keepsSelfReplies_andOthersSeeNoPrivateStatus() async throws {
        try await MastodonHarness.run { mastodon in
            let (alice, aliceID) = try await mastodon.token("alice")
            let (bob, _) = try await mastodon.token("bob")
            let bobs = try #require(try await mastodon.status("Bob's", token: bob).json?["id"]?.stringValue)
            let root = try #require(try await mastodon.status("Root", token: alice).json?["id"]?.stringValue)
            let thread = try #require(try await mastodon.postStatus(["status": .string("Thread"), "in_reply_to_id": .string(root)], token: alice).json?["id"]?.stringValue)
            let answer = try #require(try await mastodon.postStatus(["status": .string("Answer"), "in_reply_to_id": .string(bobs)], token: alice).json?["id"]?.stringValue)
            let hidden = try #require(try await mastodon.postStatus(["status": .string("Hidden"), "visibility": .string("private")], token: alice).json?["id"]?.stringValue)
            let path = "/api/v1/accounts/\(aliceID)/statuses"
            #expect(ids(try await mastodon.get(path, token: alice)) == [hidden, answer, thread, root])
            #expect(ids(try await mastodon.get(path, [("exclude_replies", "true")], token: alice)) == [hidden, thread, root])
            #expect(ids(try await mastodon.get(path)) == [answer, thread, root])
            #expect(ids(try await mastodon.get(path, token: bob)) == [answer, thread, root])
            #expect(try await mastodon.get("/api/v1/statuses/\(hidden)", token: bob).status == 404)
            #expect(try await mastodon.get("/api/v1/statuses/\(hidden)", token: alice).status == 200)
        }
    }

    @Test func aStatus_showsInTheListingOnlyAfterTheLag_butByIdAtOnce() async throws {
        try await MastodonHarness.run { mastodon in
            let (token, accountID) = try await mastodon.token()
            mastodon.network.environment.listings.replace(ListingBehaviour(lag: .seconds(5)))
            let id = try #require(try await mastodon.status("Slow", token: token).json?["id"]?.stringValue)
            let path = "/api/v1/accounts/\(accountID)/statuses"
            #expect(ids(try await mastodon.get(path, token: token)).isEmpty)
            #expect(try await mastodon.get("/api/v1/statuses/\(id)", token: token).status == 200)
            let helper = try await mastodon.get(mastodon.helper + "/statuses", [("username", "alice")])
            #expect(helper.json?["statuses"]?[0]?["listed"] == .bool(false))
            mastodon.clock.advance(by: 5)
            #expect(ids(try await mastodon.get(path, token: token)) == [id])
        }
    }
}
