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
