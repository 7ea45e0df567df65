import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// The faults of real timing: a network slow to commit a post (`slow_commit`), and a gateway that
/// answers 504 after the network made it (`gateway_timeout`).
@Suite struct TimingFaultsServerTests {
    func userID(_ sandbox: SandboxHarness, token: String) async throws -> String {
        try #require(try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(token)]).json?["data"]?["id"]?.stringValue)
    }

    @Test func slowCommit_keepsThePostOutOfTheTimelineDuringTheHold_thenMakesItAndAnswers() async throws {
        try await SandboxHarness.run { sandbox in
            let token = try await sandbox.xBearer()
            let user = try await userID(sandbox, token: token)
            // Long enough that the reads below happen inside the hold even while every suite starts at once (checked,
            // not assumed: the machine has been seen to take 4 s for them then).
            try await sandbox.setFaults(#"{"rate":1,"kinds":["slow_commit"],"commit_seconds":8}"#)
            let started = ContinuousClock.now
            let publishing = Task { try await sandbox.tweet("Committed late", token: token) }

            let held = try await eventually(within: .seconds(1)) { try await sandbox.injectedFaults().contains { $0.kind == .slowCommit } }
            #expect(held, "the fault is recorded as the hold starts")
            let during = try await sandbox.get(sandbox.x + "/2/users/\(user)/tweets", headers: [.bearer(token)])
            let madeDuring = await sandbox.sandbox.received()
            #expect(ContinuousClock.now - started < .seconds(8), "the reads happened during the hold")
            #expect(during.status == 200, "a read never meets slow_commit")
            #expect(!during.bodyText.contains("Committed late"))
            #expect(madeDuring.isEmpty, "nothing is made during the hold")

            let answer = try await publishing.value
            #expect(answer.status == 201)
            #expect(ContinuousClock.now - started >= .seconds(8), "the answer comes after the hold")
            let after = try await sandbox.get(sandbox.x + "/2/users/\(user)/tweets", headers: [.bearer(token)])
            #expect(after.bodyText.contains(try #require(answer.json?["data"]?["id"]?.stringValue)))
            #expect(await sandbox.sandbox.received().map(\.text) == ["Committed late"])
            let fault = try #require(try await sandbox.injectedFaults().first)
            #expect(fault.kind == .slowCommit)
            #expect(fault.delayMilliseconds == 8_000)
            #expect(fault.status == nil)
        }
    }

    @Test func gatewayTimeout_makesThePost_butAnswers504WithAGatewaysPage() async throws {
        try await SandboxHarness.run { sandbox in
            let token = try await sandbox.xBearer()
            let user = try await userID(sandbox, token: token)
            try await sandbox.setFaults(#"{"rate":1,"kinds":["gateway_timeout"]}"#)
            let answer = try await sandbox.tweet("Made behind a timeout", token: token)
            #expect(answer.status == 504)
            #expect(answer.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(answer.bodyText.contains("504 Gateway Time-out"))
            #expect(answer.json == nil, "not the network's JSON error shape")

            try await sandbox.setFaults(#"{"rate":0}"#)
            let received = await sandbox.sandbox.received()
            #expect(received.map(\.text) == ["Made behind a timeout"], "the post was made")
            let timeline = try await sandbox.get(sandbox.x + "/2/users/\(user)/tweets", headers: [.bearer(token)])
            #expect(timeline.bodyText.contains(try #require(received.first?.remoteID)))
            let fault = try #require(try await sandbox.injectedFaults().first)
            #expect(fault.kind == .gatewayTimeout)
            #expect(fault.status == 504)
        }
    }

    @Test func gatewayTimeout_onAPagePost_makesItToo() async throws {
        try await SandboxHarness.run { sandbox in
            let account = try await sandbox.graphAccount()
            try await sandbox.setFaults(#"{"rate":1,"kinds":["gateway_timeout"]}"#)
            let answer = try await sandbox.post(sandbox.facebook + "/v26.0/\(account.pageID)/feed", form: [("message", "Club run"), ("access_token", account.pageToken)])
            #expect(answer.status == 504)
            #expect(await sandbox.sandbox.received().map(\.text) == ["Club run"])
        }
    }

    @Test func theCommitDelay_isSetThroughThePlan_andAllNowIncludesBothTimingFaults() async throws {
        try await SandboxHarness.run { sandbox in
            let set = try await sandbox.setFaults(#"{"rate":0.5,"kinds":["slow_commit"],"commit_seconds":4}"#)
            #expect(set.json?["commit_seconds"] == .double(4) || set.json?["commit_seconds"] == .integer(4))
            let plan = try await sandbox.get(sandbox.x + "/_sandbox/faults/plan")
            #expect(plan.bodyText.contains(#""commit_seconds":4"#))
            let refused = try await sandbox.setFaults(#"{"rate":0.5,"commit_seconds":0}"#)
            #expect(refused.status == 400)
            #expect(refused.bodyText.contains("commit"))
            #expect(FaultKind.everyday.contains(.slowCommit))
            #expect(FaultKind.everyday.contains(.gatewayTimeout))
        }
    }
}
