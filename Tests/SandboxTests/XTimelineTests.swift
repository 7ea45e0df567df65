import Foundation
import SchedulerCore
import Testing

@testable import Sandbox

@Suite struct XTimelineTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func text(_ value: String) -> JSONValue {
        .object(["text": .string(value)])
    }

    func refusal(_ outcome: XTimeline.Outcome) -> String? {
        if case .refused(let problem) = outcome { return problem.reasonCode }
        return nil
    }

    @Test func createTweet_publishesAndRefusesADuplicateFromTheSameUser() async {
        let timeline = XTimeline()
        let (first, limit) = await timeline.createTweet(userID: "1", body: text("Sunday run"), now: start)
        guard case .created(let tweet) = first else {
            Issue.record("expected the first post to be created")
            return
        }
        #expect(tweet.text == "Sunday run")
        #expect(limit.remaining == 99)
        let (second, _) = await timeline.createTweet(userID: "1", body: text("Sunday run"), now: start.addingTimeInterval(5))
        #expect(refusal(second) == "duplicate_content")
        let (other, _) = await timeline.createTweet(userID: "2", body: text("Sunday run"), now: start.addingTimeInterval(5))
        #expect(refusal(other) == nil)
        #expect(await timeline.all().count == 2)
    }

    @Test func createTweet_checksTheRateLimitBeforeTheBody() async {
        let timeline = XTimeline(rateLimiter: .init(limit: 2, window: 900))
        _ = await timeline.createTweet(userID: "1", body: nil, now: start)
        _ = await timeline.createTweet(userID: "1", body: text("a"), now: start)
        let (outcome, limit) = await timeline.createTweet(userID: "1", body: nil, now: start)
        #expect(refusal(outcome) == "rate_limited")
        #expect(limit.remaining == 0)
        #expect(!limit.allowed)
    }

    @Test func createTweet_givesIncreasingIDs() async {
        let timeline = XTimeline()
        var ids: [Int64] = []
        for index in 0..<20 {
            if case .created(let tweet) = await timeline.createTweet(userID: "1", body: text("post \(index)"), now: start).0 {
                ids.append(Int64(tweet.id)!)
            }
        }
        #expect(ids.count == 20)
        #expect(ids == ids.sorted())
    }
}

/// `GET /2/users/:id/tweets` paging as X does it: newest first, `max_results`, tokens both ways, time bounds.
@Suite struct XTimelinePagingTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// A timeline with `count` posts by user 1, one a second, and a few by user 2 in between.
    func timeline(_ count: Int) async -> XTimeline {
        let timeline = XTimeline(rateLimiter: .init(limit: 10_000, window: 900))
        for index in 0..<count {
            _ = await timeline.createTweet(userID: "1", body: .object(["text": .string("post \(index)")]), now: start.addingTimeInterval(TimeInterval(index)))
            if index % 50 == 0 {
                _ = await timeline.createTweet(userID: "2", body: .object(["text": .string("other \(index)")]), now: start.addingTimeInterval(TimeInterval(index)))
            }
        }
        return timeline
    }

    func query(_ pairs: [String: String]) throws -> XTimelineQuery {
        try XTimelineQuery.parse(pairs).get()
    }

    func page(_ timeline: XTimeline, _ pairs: [String: String]) async throws -> XTimelinePage {
        try #require(await timeline.page(by: "1", readerID: "1", query: try query(pairs), now: start).0)
    }

    @Test func nextTokens_walkEveryPostOnce_newestFirst_andTheLastPageHasNone() async throws {
        let timeline = await timeline(250)
        var texts: [String] = []
        var token: String?
        var pages = 0
        repeat {
            var pairs = ["max_results": "100"]
            pairs["pagination_token"] = token
            let current = try await page(timeline, pairs)
            texts += current.tweets.map(\.text)
            token = current.nextToken
            pages += 1
        } while token != nil
        #expect(pages == 3)
        #expect(texts == (0..<250).reversed().map { "post \($0)" })
    }

    @Test func previousToken_leadsBackToTheNewerPage() async throws {
        let timeline = await timeline(30)
        let first = try await page(timeline, ["max_results": "10"])
        #expect(first.previousToken == nil)
        let second = try await page(timeline, ["max_results": "10", "pagination_token": try #require(first.nextToken)])
        #expect(second.tweets.first?.text == "post 19")
        let back = try await page(timeline, ["max_results": "10", "pagination_token": try #require(second.previousToken)])
        #expect(back.tweets == first.tweets)
    }

    @Test func startAndEndTime_boundThePosts_startInclusive_endExclusive() async throws {
        let timeline = await timeline(20)
        let bounded = try await page(timeline, ["start_time": RFC3339.format(start.addingTimeInterval(5)), "end_time": RFC3339.format(start.addingTimeInterval(8))])
        #expect(bounded.tweets.map(\.text) == ["post 7", "post 6", "post 5"])
        #expect(bounded.nextToken == nil)
    }

    @Test func theBody_countsItsPosts_andLeavesDataOutWhenEmpty() async throws {
        let timeline = await timeline(7)
        let body = try await page(timeline, ["max_results": "5", "tweet.fields": "created_at"]).body(fields: ["created_at"])
        #expect(body["meta"]?["result_count"] == .integer(5))
        #expect(body["meta"]?["next_token"]?.stringValue != nil)
        #expect(body["data"]?[0]?["created_at"]?.stringValue == "2023-11-14T22:13:26.000Z")
        let plain = try await page(timeline, ["max_results": "5"]).body(fields: [])
        #expect(plain["data"]?[0]?["created_at"] == nil, "created_at only when tweet.fields asks for it")
        let empty = try await page(timeline, ["start_time": "2030-01-01T00:00:00Z"]).body(fields: [])
        #expect(empty == .object(["meta": .object(["result_count": .integer(0)])]))
    }

    @Test(arguments: [["max_results": "4"], ["max_results": "101"], ["max_results": "ten"], ["start_time": "yesterday"],
                      ["start_time": "2024-01-02T00:00:00Z", "end_time": "2024-01-01T00:00:00Z"], ["pagination_token": "not-a-token"]])
    func badParameters_areRefusedWith400(pairs: [String: String]) {
        guard case .failure(let problem) = XTimelineQuery.parse(pairs) else {
            Issue.record("\(pairs) was accepted")
            return
        }
        #expect(problem.status == 400)
    }

    @Test func reads_haveTheirOwnWindow() async throws {
        let timeline = XTimeline(readLimiter: .init(limit: 2, window: 900))
        let query = try query([:])
        #expect(await timeline.page(by: "1", readerID: "9", query: query, now: start).0 != nil)
        let (_, second) = await timeline.page(by: "1", readerID: "9", query: query, now: start)
        #expect(second.remaining == 0)
        #expect(await timeline.page(by: "1", readerID: "9", query: query, now: start).0 == nil)
    }
}
