import Connectors
import Foundation
import SchedulerCore
@testable import SchedulerDomain
import Testing
@testable import Scheduler

/// When a network refuses the app as a whole (a retired LinkedIn version, X out of credits), nothing is failed:
/// the network pauses with one event, its posts wait (their lateness limit running), other networks go on, and
/// `resume` or the next start tries again.
@Suite(.timeLimit(.minutes(1))) struct EngineNetworkPauseTests {
    static let retired: ConnectorError = {
        var error = ConnectorError(code: .appBlocked, message: "LinkedIn no longer serves API version 202411", httpStatus: 426)
        error.remedy = "set `version` under [networks.linkedin] and restart schedulerd"
        return error
    }()

    @Test func anAppBlockedAnswer_pausesTheNetwork_withOneEvent_failsNothing_andOtherNetworksPublish() async throws {
        let linkedin = ScriptedConnector(network: .linkedin, .fail(Self.retired))
        let harness = try EngineHarness(others: [linkedin])
        let member = try await harness.addAccount("member", network: .linkedin)
        let runner = try await harness.addAccount("runner")
        let first = try await harness.addDuePost("first", to: [member])
        let second = try await harness.addDuePost("second", to: [member])
        let elsewhere = try await harness.addDuePost("on X", to: [runner])

        try await harness.running {
            try await waitUntil { try await harness.state(ofPost: elsewhere.id) == .published }
            try await waitUntil { try await harness.store.summary().paused?.networks.map(\.network) == [.linkedin] }
            try await waitUntil { try await [first, second].asyncAllSatisfy { try await harness.state(ofPost: $0.id) == .scheduled } }
        }

        #expect(linkedin.callCount >= 1 && linkedin.callCount <= 2, "at most the requests already in flight")
        let pause = try #require(try await harness.store.summary().paused?.networks.first)
        #expect(pause.reason.contains("202411") && pause.remedy?.contains("[networks.linkedin]") == true && !pause.byPerson)
        let events = try await harness.store.recentEvents(20).filter { $0.event == "network_paused" }
        #expect(events.count == 1 && events.first?.network == "linkedin")
        let delivery = try await harness.store.delivery(ofPost: first.id)
        #expect(delivery.error?.contains("LinkedIn publishing is paused") == true)
        #expect(try await harness.store.summary().deliveries["failed"] == nil)
        #expect(try await harness.store.nextDueTime() == nil, "nothing of a paused network is due")
    }

    @Test func resumingTheNetwork_sendsWhatWaited() async throws {
        let linkedin = ScriptedConnector(network: .linkedin, .fail(Self.retired))
        let harness = try EngineHarness(others: [linkedin])
        let member = try await harness.addAccount("member", network: .linkedin)
        let post = try await harness.addDuePost("waits", to: [member])

        try await harness.running {
            try await waitUntil { try await harness.store.summary().paused?.networks.isEmpty == false }
            linkedin.script(.succeed)
            let view = try await harness.store.pause(account: nil, network: .linkedin, paused: false)
            #expect(view.networks.isEmpty)
            harness.wake.signal()
            try await waitUntil { try await harness.state(ofPost: post.id) == .published }
        }
        let attempts = try await harness.store.attempts(deliveryID: try await harness.store.delivery(ofPost: post.id).id)
        #expect(attempts.map(\.errorClass) == ["app_blocked", nil], "the refused attempt is in the history")
    }

    @Test func aRestart_liftsPausesTheNetworkCaused_butKeepsAPersonsPause() async throws {
        let harness = try EngineHarness()
        let member = try await harness.addAccount("member", network: .linkedin)
        let post = try await harness.addDuePost("waits", to: [member])
        let claim = try #require(try await harness.store.claimDue(now: Date(), limit: 1).claimed.first)
        let attempt = AttemptRecord(startedAt: Date(), finishedAt: Date(), httpStatus: 426, outcome: "error", errorClass: "app_blocked")
        try await harness.store.recordNetworkRefused(claim, attempt: attempt, reason: "retired", remedy: "fix it", needsCheck: false)
        _ = try await harness.store.pause(account: nil, network: .x, paused: true)
        #expect(try await harness.state(ofPost: post.id) == .scheduled)
        #expect(try await harness.store.delivery(ofPost: post.id).attempts == 0, "a refused attempt is not counted against max_attempts")

        #expect(try await harness.store.liftRefusalPausesAtStart() == [.linkedin])
        let left = try #require(try await harness.store.summary().paused?.networks)
        #expect(left.map(\.network) == [.x] && left.first?.byPerson == true)
        #expect(try await harness.store.nextDueTime() != nil)
        let all = try await harness.store.pause(account: nil, paused: false)
        #expect(all.networks.isEmpty, "`resume` with nothing named lifts network pauses too")
    }
}

extension Array {
    func asyncAllSatisfy(_ predicate: (Element) async throws -> Bool) async rethrows -> Bool {
        for element in self where !(try await predicate(element)) { return false }
        return true
    }
}
