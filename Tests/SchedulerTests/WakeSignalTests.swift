import Foundation
@testable import SchedulerDomain
import Synchronization
import Testing
@testable import Scheduler

/// The engine's wake-up: never lost, never late.
@Suite struct WakeSignalTests {
    @Test func signal_beforeWait_isNotLost() async {
        let wake = WakeSignal()
        wake.signal()

        #expect(await wake.wait(until: Date().addingTimeInterval(30)), "ended by the kept signal, not the deadline")
    }

    @Test func signal_beforeWait_wakesOnlyOneWait() async {
        let wake = WakeSignal()
        wake.signal()
        wake.signal()
        await wake.wait(until: Date().addingTimeInterval(10))

        let started = ContinuousClock.now
        await wake.wait(until: Date().addingTimeInterval(0.3))

        #expect(ContinuousClock.now - started >= .milliseconds(250))
    }

    @Test func wait_withNoSignal_returnsAtTheDeadline() async {
        let wake = WakeSignal()
        let started = ContinuousClock.now

        await wake.wait(until: Date().addingTimeInterval(0.3))

        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(290))
        #expect(elapsed < .seconds(5))
    }

    @Test func wait_withADeadlineInThePast_returnsAtOnce() async {
        let wake = WakeSignal()
        let started = ContinuousClock.now
        await wake.wait(until: Date().addingTimeInterval(-60))
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func wait_returnsPromptlyWhenSignalled() async {
        let wake = WakeSignal()
        let waiting = Flag()
        let started = ContinuousClock.now

        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                waiting.set()
                _ = await wake.wait(until: Date().addingTimeInterval(30))
            }
            #expect(await eventually { waiting.isSet })
            wake.signal()
            await group.waitForAll()
        }

        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test(.timeLimit(.minutes(1))) func wait_withoutADeadline_returnsWhenTheTaskIsCancelled() async {
        let wake = WakeSignal()
        let started = ContinuousClock.now
        let task = Task { await wake.wait(until: nil) }

        task.cancel()
        _ = await task.value

        #expect(ContinuousClock.now - started < .seconds(5))
    }
}

/// A one-way flag tasks can set and tests can poll.
final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
