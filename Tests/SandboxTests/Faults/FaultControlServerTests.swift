import Foundation
import HTTPClient
import SchedulerCore
import Testing

@testable import Sandbox

/// `/_sandbox/faults`, what faults never touch, and how often they strike.
@Suite struct FaultControlServerTests {
    @Test func put_replacesThePlanOnEveryListener_andRefusesABadBodySayingWhy() async throws {
        try await SandboxHarness.run { sandbox in
            let set = try await sandbox.setFaults(#"{"rate":0.3,"kinds":["server_error","drop"],"seed":42,"reset_seconds":2,"slow_seconds":1.5}"#)
            #expect(set.status == 200)
            let plan = try await sandbox.get(sandbox.linkedin + "/_sandbox/faults/plan")
            #expect(plan.json == set.json)
            #expect(plan.json?["seed"] == .integer(42))
            #expect(plan.json?["kinds"] == .array([.string("server_error"), .string("drop")]))

            let bad = try await sandbox.setFaults(#"{"rate":1.5}"#)
            #expect(bad.status == 400)
            #expect(bad.json?["error"]?.stringValue == "invalid_rate")
            #expect(bad.json?["message"]?.stringValue?.contains("0 to 1") == true)
            #expect(try await sandbox.setFaults(#"{"rate":0.3,"kinds":["gremlins"]}"#).status == 400)
            #expect(try await sandbox.setFaults("not json").status == 400)
            #expect(try await sandbox.get(sandbox.x + "/_sandbox/faults/plan").json == set.json)
        }
    }

    @Test func configuration_startsTheSandboxWithAPlan() async throws {
        let plan = try FaultPlan(rate: 1, kinds: [.serverError], seed: 3)
        try await SandboxHarness.run(configuration: .init(faults: plan)) { sandbox in
            let token = try await sandbox.xBearer()
            #expect(try await sandbox.tweet("Configured trouble", token: token).status == 503)
            #expect(await sandbox.sandbox.injectedFaults().count == 1)
            await sandbox.sandbox.setFaultPlan(.off)
            #expect(try await sandbox.tweet("Configured trouble", token: token).status == 201)
        }
    }

    @Test func sandboxControlsAndLinking_areNeverFaulted_evenAtRateOne() async throws {
        try await SandboxHarness.run { sandbox in
            try await sandbox.setFaults(#"{"rate":1}"#)
            for base in [sandbox.x, sandbox.facebook, sandbox.linkedin] {
                #expect(try await sandbox.get(base + "/_sandbox/health").status == 200)
                #expect(try await sandbox.get(base + "/_sandbox/received").status == 200)
            }
            let pair = try await sandbox.xTokenPair()
            #expect(try await sandbox.xRefresh(pair.refresh).status == 200)
            #expect(try await sandbox.post(sandbox.facebook + "/_sandbox/facebook/tokens", json: "{}").status == 201)
            #expect(try await sandbox.injectedFaults().isEmpty)
        }
    }

    @Test func seededRate_faultsAboutThirtyPercentOf200Requests_andTheSameSeedReplaysThem() async throws {
        try await SandboxHarness.run { sandbox in
            let token = try await sandbox.xBearer()
            func statuses() async throws -> [Int] {
                try await sandbox.setFaults(#"{"rate":0.3,"kinds":["server_error"],"seed":42}"#)
                var statuses: [Int] = []
                for _ in 0..<200 {
                    statuses.append(try await sandbox.get(sandbox.x + "/2/users/me", headers: [.bearer(token)]).status)
                }
                return statuses
            }
            let first = try await statuses()
            let faulted = first.filter { $0 == 503 }.count
            #expect((40...80).contains(faulted), "\(faulted) of 200")
            #expect(first.allSatisfy { $0 == 200 || $0 == 503 })
            #expect(try await sandbox.injectedFaults().count == faulted)
            #expect(try await statuses() == first)
        }
    }

    @Test func receivedRecordsAndFaults_carryMillisecondTimestamps() async throws {
        try await SandboxHarness.run { sandbox in
            let token = try await sandbox.xBearer()
            #expect(try await sandbox.tweet("On the clock", token: token).status == 201)
            try await sandbox.setFaults(#"{"rate":1,"kinds":["server_error"]}"#)
            #expect(try await sandbox.tweet("Off the clock", token: token).status == 503)
            let received = try #require(try await sandbox.receivedRecords().first)
            #expect(RecordTime.parse(received["received_at"]?.stringValue) != nil)
            let fault = try #require(try await sandbox.get(sandbox.x + "/_sandbox/faults").json?[0])
            #expect(RecordTime.parse(fault["at"]?.stringValue) != nil)
            #expect(fault["kind"]?.stringValue == "server_error")
            #expect(fault["reset_at"] == nil)
        }
    }
}
