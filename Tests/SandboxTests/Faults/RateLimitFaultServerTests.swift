import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// `rate_limit` faults in each network's throttling shape, with the reset recorded as sent.
@Suite struct RateLimitFaultServerTests {
    @Test func x_answers429WithAResetAtLeastTheConfiguredSecondsAhead() async throws {
        try await SandboxHarness.run { sandbox in
            let token = try await sandbox.xBearer()
            try await sandbox.setFaults(#"{"rate":1,"kinds":["rate_limit"],"reset_seconds":2}"#)
            let answer = try await sandbox.tweet("Too eager", token: token)
            #expect(answer.status == 429)
            #expect(answer.json?["title"]?.stringValue == "Too Many Requests")
            #expect(answer.header("x-rate-limit-remaining") == "0")
            #expect(answer.header("x-rate-limit-limit") != nil)
            let reset = try #require(answer.header("x-rate-limit-reset").flatMap(TimeInterval.init))
            #expect(reset >= sandbox.clock.now.timeIntervalSince1970 + 2)
            #expect(reset < sandbox.clock.now.timeIntervalSince1970 + 3)

            let fault = try #require(try await sandbox.injectedFaults().first)
            #expect(fault.kind == .rateLimit)
            #expect(fault.status == 429)
            #expect(RecordTime.parse(fault.resetAt) == Date(timeIntervalSince1970: reset))
            #expect(await sandbox.sandbox.received().isEmpty)
        }
    }

    @Test func linkedIn_answers429WithRetryAfter() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.linkedInAccount()
            try await sandbox.setFaults(#"{"rate":1,"kinds":["rate_limit"],"reset_seconds":1.2}"#)
            let post = LinkedInPostsServerTests.postJSON(author: account.person, commentary: "Too eager")
            let answer = try await sandbox.post(sandbox.linkedin + "/rest/posts", json: post, headers: SandboxHarness.rest + [.bearer(account.token)])
            #expect(answer.status == 429)
            #expect(answer.header("Retry-After") == "2")
            #expect(answer.json?["status"] == .integer(429))
            let fault = try #require(try await sandbox.injectedFaults().first)
            let at = try #require(RecordTime.parse(fault.at))
            #expect(RecordTime.parse(fault.resetAt)?.timeIntervalSince(at) == 2)
        }
    }

    @Test func graph_answersCode80001ForAPage_and80002ForInstagram_withRegainInWholeMinutes() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            try await sandbox.setFaults(#"{"rate":1,"kinds":["rate_limit"],"reset_seconds":2}"#)
            let page = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.pageID)/feed", form: [("message", "Too eager")], headers: [.bearer(account.pageToken)])
            #expect(page.status == 400)
            #expect(page.json?["error"]?["code"] == .integer(80001))
            let usage = try #require(page.header("X-Business-Use-Case-Usage").flatMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) })
            #expect(usage[account.pageID]?[0]?["estimated_time_to_regain_access"] == .integer(1))
            #expect(usage[account.pageID]?[0]?["call_count"] == .integer(100))

            let container = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.instagramID)/media", form: [
                ("image_url", "https://example.com/run.jpg"), ("caption", "Too eager"), ("access_token", account.userToken),
            ])
            #expect(container.json?["error"]?["code"] == .integer(80002))
            #expect(container.json?["error"]?["message"]?.stringValue?.hasPrefix("(#80002) There have been too many calls to this Instagram account") == true)

            let faults = try await sandbox.injectedFaults()
            #expect(faults.map(\.network) == ["facebook", "instagram"])
            let at = try #require(RecordTime.parse(faults.first?.at))
            #expect(RecordTime.parse(faults.first?.resetAt)?.timeIntervalSince(at) == 60)
            #expect(faults.first?.account == account.pageID)
        }
    }
}
