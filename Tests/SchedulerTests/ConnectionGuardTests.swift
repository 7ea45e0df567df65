import Foundation
import Logging
@testable import SchedulerServer
import Synchronization
import Testing
@testable import Scheduler

/// Issue 46: a listener's limits, decided without a socket (the end-to-end storms are `ConnectionStormTests`).
@Suite struct ConnectionGuardTests {
    /// Which connections the guard closed, by name.
    final class Closed: Sendable {
        let names = Mutex<[String]>([])
        func closer(_ name: String) -> @Sendable () -> Void { { self.names.withLock { $0.append(name) } } }
        var all: [String] { names.withLock { $0 } }
    }

    static let limits = ConnectionLimits(connections: 4, perPeer: 2, waitingForHeaders: 3, headerDeadline: .seconds(5), backlog: 16)

    /// One peer alone never makes a listener close a waiting connection: its limit is no more than the waiting limit.
    @Test func eachListener_limitsAPeerToNoMoreThanItLetsWait() {
        for limits in [ConnectionLimits.controlSocket, .web, .metrics] {
            #expect(limits.perPeer.map { $0 <= limits.waitingForHeaders && $0 < limits.connections } == true, "\(limits)")
        }
    }

    func makeGuard(descriptors: DescriptorBudget = DescriptorBudget(connections: 100)) -> ConnectionGuard {
        ConnectionGuard(listener: "test", limits: Self.limits, descriptors: descriptors,
                        logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    @Test func aPeerPastItsLimit_isHeldWhileDescriptorsArePlentiful_andRefusedWhenTheyAreNot() {
        let closed = Closed()
        let roomy = makeGuard()
        #expect(roomy.admit(peer: "a", close: closed.closer("a1")) == .serve(1))
        #expect(roomy.admit(peer: "a", close: closed.closer("a2")) == .serve(2))
        guard case .hold(let held) = roomy.admit(peer: "a", close: closed.closer("a3")) else {
            Issue.record("a third from a is held")
            return
        }
        #expect(roomy.counts == (served: 2, waiting: 2, held: 1))
        roomy.heldDeadlinePassed(held)
        #expect(closed.all == ["a3"] && roomy.counts.held == 0)

        let shared = DescriptorBudget(connections: 8)
        for _ in 0..<4 { #expect(shared.take(), "another listener's connections") }
        let tight = makeGuard(descriptors: shared)
        #expect(tight.admit(peer: "a", close: closed.closer("t-a1")) == .serve(1))
        #expect(tight.admit(peer: "a", close: closed.closer("t-a2")) == .serve(2))
        #expect(tight.admit(peer: "a", close: closed.closer("t-a3")) == .refuse, "6 of 8 descriptors in use: a quarter is not free")
    }

    /// At the listener's limits the peer holding the most gives up its longest-waiting connection; a lone client that
    /// sent its request is never the one closed.
    @Test func atTheListenersLimit_thePeerHoldingMostGivesUpItsOldestWaitingConnection() {
        let closed = Closed()
        let connections = makeGuard()
        let start = ContinuousClock.now
        _ = connections.admit(peer: "storm", close: closed.closer("storm-1"), now: start)
        _ = connections.admit(peer: "storm", close: closed.closer("storm-2"), now: start + .milliseconds(1))
        guard case .serve(let person) = connections.admit(peer: "person", close: closed.closer("person"), now: start + .milliseconds(2)) else {
            Issue.record("a person's first connection is served")
            return
        }
        connections.requestBegan(person)
        _ = connections.admit(peer: "other", close: closed.closer("other-1"), now: start + .milliseconds(3))
        #expect(connections.counts.served == 4)
        #expect(connections.admit(peer: "late", close: closed.closer("late"), now: start + .milliseconds(4)) == .serve(5))
        #expect(closed.all == ["storm-1"], "the storm's oldest, not the person's busy one: \(closed.all)")
    }

    @Test func aConnectionWithNoRequestHeadPastTheDeadline_isClosed_andABusyOneIsNot() {
        let closed = Closed()
        let connections = makeGuard()
        let start = ContinuousClock.now
        guard case .serve(let idle) = connections.admit(peer: "a", close: closed.closer("idle"), now: start),
              case .serve(let busy) = connections.admit(peer: "b", close: closed.closer("busy"), now: start) else {
            Issue.record("both are served")
            return
        }
        connections.requestBegan(busy)
        connections.deadlinePassed(idle, now: start + .seconds(4))
        #expect(closed.all.isEmpty, "not yet")
        connections.deadlinePassed(idle, now: start + .seconds(5))
        connections.deadlinePassed(busy, now: start + .seconds(5))
        #expect(closed.all == ["idle"])
        connections.requestEnded(busy, now: start + .seconds(6))
        connections.deadlinePassed(busy, now: start + .seconds(11))
        #expect(closed.all == ["idle", "busy"], "idle that long between two requests")
    }

    @Test func descriptors_areTakenUpToTheBudget_andGivenBackOnce() {
        let budget = DescriptorBudget(connections: 10)
        #expect((0..<12).filter { _ in budget.take() }.count == 10)
        budget.give()
        #expect(budget.take() && !budget.take())
        #expect(DescriptorBudget(connections: -50).connections == DescriptorBudget.minimumConnections, "a limit too low still leaves a few")
    }
}
