import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// Text containers over real HTTP: processing, publishing once, expiry, the listing and its lag, reads by id, and the
/// read counters.
@Suite struct ThreadsPublishingTests {
    @Test func aTextContainer_finishesAfterTheDelay_publishesOnce_andIsListedAfterTheLag() async throws {
        try await ThreadsHarness.run { threads in
            threads.network.environment.listings.replace(ListingBehaviour(lag: .seconds(30)))
            let (token, userID) = try await threads.mint("runner")
            let container = try await threads.textContainer(token, "Easy 8 km  \nin the rain")
            #expect(try await threads.status(token, container) == "IN_PROGRESS")
            let early = try await threads.publish(token, container)
            #expect(early.status == 400)
            #expect(early.json?["error"]?["code"] == .integer(24) && early.json?["error"]?["error_subcode"] == .integer(4_279_009))
            threads.clock.advance(by: 5)
            #expect(try await threads.status(token, container) == "FINISHED")

            let published = try await threads.publish(token, container)
            #expect(published.status == 200)
            let mediaID = try #require(published.json?["id"]?.stringValue)
            #expect(mediaID != container)
            let twice = try await threads.publish(token, container)
            #expect(twice.status == 400 && twice.json?["error"]?["code"] == .integer(100))
            #expect(try await threads.status(token, container) == "PUBLISHED")
            let posts = await threads.posts()
            #expect(posts.count == 1)
            #expect(posts.first?.network == "threads" && posts.first?.remoteID == mediaID && posts.first?.userID == userID)
            #expect(posts.first?.text == "Easy 8 km  \nin the rain" && posts.first?.replyTo == nil && posts.first?.media == [container])
            #expect(await threads.recorder.rejected().map(\.reasonCode) == ["container_not_finished", "container_already_published"])

            let fields = [("fields", "id,text,timestamp,permalink")]
            #expect(try await threads.get("/v1.0/me/threads", fields, token: token).json == .object(["data": .array([])]))
            let byID = try await threads.get("/v1.0/\(mediaID)", fields, token: token)
            #expect(byID.json?["text"]?.stringValue == "Easy 8 km\nin the rain")
            #expect(byID.json?["permalink"]?.stringValue?.hasPrefix("https://www.threads.com/@runner/post/") == true)
            #expect(byID.json?["timestamp"]?.stringValue?.hasSuffix("+0000") == true)
            threads.clock.advance(by: 30)
            let listed = try await threads.get("/v1.0/\(userID)/threads", fields, token: token)
            #expect(listed.json?["data"]?[0]?["id"]?.stringValue == mediaID)

            let reads = try await threads.get("/_sandbox/threads/reads", [("user", "runner")])
            #expect(reads.json == .object([
                "user_id": .string(userID), "container_status": .integer(3), "listing": .integer(2), "media": .integer(1),
            ]))
        }
    }

    @Test func twoConcurrentPublishesOfOneContainer_makeOnePost() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint()
            let container = try await threads.textContainer(token, "Parkrun PB: 19:58")
            threads.clock.advance(by: 5)
            async let first = threads.publish(token, container)
            async let second = threads.publish(token, container)
            let statuses = try await [first.status, second.status].sorted()
            #expect(statuses == [200, 400])
            #expect(await threads.posts().count == 1)
            #expect(await threads.recorder.rejected().map(\.reasonCode) == ["container_already_published"])
        }
    }

    @Test func anUnpublishedContainer_expiresAfter24Hours_andIsNotPublished() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint()
            let container = try await threads.textContainer(token, "Race day tomorrow")
            threads.clock.advance(by: 86_399)
            #expect(try await threads.status(token, container) == "FINISHED")
            threads.clock.advance(by: 1)
            #expect(try await threads.status(token, container) == "EXPIRED")
            let late = try await threads.publish(token, container)
            #expect(late.json?["error"]?["code"] == .integer(24))
            #expect(await threads.recorder.rejected().last?.reasonCode == "container_expired")
            #expect(await threads.posts().isEmpty)
        }
    }

    @Test func statusOnAPostsID_isError100_andUnknownContainersAreNotFound() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint()
            let mediaID = try await threads.publishText(token, "Intervals: 6 x 800 m")
            let status = try await threads.get("/v1.0/\(mediaID)", [("fields", "status")], token: token)
            #expect(status.json?["error"]?["code"] == .integer(100))
            #expect(status.json?["error"]?["message"]?.stringValue == "(#100) Tried accessing nonexisting field (status) on node type (ThreadsMedia)")
            let media = try await threads.get("/v1.0/\(mediaID)", [("fields", "media_type,media_product_type,is_reply,owner")], token: token)
            #expect(media.json?["media_type"]?.stringValue == "TEXT_POST" && media.json?["is_reply"] == .bool(false))
            let unknown = try await threads.publish(token, "17900000000000999")
            #expect(unknown.json?["error"]?["error_user_title"]?.stringValue == "Media Not Found")
            let (other, _) = try await threads.mint("rival")
            #expect(try await threads.get("/v1.0/\(mediaID)", token: other).json?["error"]?["error_subcode"] == .integer(33))
        }
    }

    @Test func theListing_pagesNewestFirst_withCursors_andRefusesBadBounds() async throws {
        try await ThreadsHarness.run { threads in
            let (token, _) = try await threads.mint()
            var ids: [String] = []
            for number in 1...3 {
                ids.append(try await threads.publishText(token, "Run \(number)"))
            }
            let first = try await threads.get("/v1.0/me/threads", [("limit", "2")], token: token)
            #expect(first.json?["data"] == .array([.object(["id": .string(ids[2])]), .object(["id": .string(ids[1])])]))
            let after = try #require(first.json?["paging"]?["cursors"]?["after"]?.stringValue)
            #expect(first.json?["paging"]?["next"] != nil && first.json?["paging"]?["previous"] == nil)
            let second = try await threads.get("/v1.0/me/threads", [("limit", "2"), ("after", after)], token: token)
            #expect(second.json?["data"] == .array([.object(["id": .string(ids[0])])]))
            #expect(second.json?["paging"]?["next"] == nil)

            for bad in [[("limit", "101")], [("since", "1688540399")], [("until", String(Int(threads.clock.now.timeIntervalSince1970) + 60))],
                        [("after", after), ("before", after)]] {
                #expect(try await threads.get("/v1.0/me/threads", bad, token: token).json?["error"]?["code"] == .integer(100))
            }
            let since = String(Int(threads.clock.now.timeIntervalSince1970) - 60)
            #expect(try await threads.get("/v1.0/me/threads", [("since", since)], token: token).json?["data"]?[2] != nil)
        }
    }
}
