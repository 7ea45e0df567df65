import Foundation
@testable import SchedulerServices
import Synchronization
import Testing
@testable import Scheduler

/// The login throttle: five free failures, then doubling waits capped at a minute, per name and per address; a
/// success clears the name; 15 quiet minutes forget it all, so the owner is never locked out for good.
@Suite struct LoginThrottleTests {
    let start = Date(timeIntervalSince1970: 1_900_000_000)

    @Test func fiveFailuresAreFree_thenTheWaitDoubles_cappedAtAMinute_andAQuietQuarterHourForgetsThem() {
        var throttle = LoginThrottle()
        for second in 0..<5 {
            #expect(throttle.wait(name: "ada", address: "192.0.2.1", now: start.addingTimeInterval(Double(second))) == 0)
            throttle.failed(name: "ada", address: "192.0.2.1", now: start.addingTimeInterval(Double(second)))
        }
        #expect(throttle.wait(name: "ADA", address: "198.51.100.7", now: start.addingTimeInterval(4)) == 2, "by name, from anywhere")
        #expect(throttle.wait(name: "bob", address: "192.0.2.1", now: start.addingTimeInterval(4)) == 2, "by address, for any name")
        #expect(throttle.wait(name: "bob", address: "198.51.100.7", now: start.addingTimeInterval(4)) == 0)
        var last = start.addingTimeInterval(4)
        for _ in 0..<20 {
            last = last.addingTimeInterval(61)
            throttle.failed(name: "ada", address: "203.0.113.9", now: last)
        }
        #expect(throttle.wait(name: "ada", address: "203.0.113.9", now: last) == 60, "never more than a minute")
        #expect(throttle.wait(name: "ada", address: "203.0.113.9", now: last.addingTimeInterval(15 * 60)) == 0, "forgotten after 15 quiet minutes")
        throttle.succeeded(name: "ada")
        #expect(throttle.wait(name: "ada", address: "198.51.100.7", now: last) == 0, "a success clears the name")
    }
}

/// Issue 47, item 10: a try is counted before its password is checked, and only one check runs at once for a name (two
/// from an address), so guesses sent together cannot all pass the throttle while the slow checks run.
@Suite struct LoginThrottleReservationTests {
    let start = Date(timeIntervalSince1970: 1_900_000_000)

    @Test func aTryIsCountedBeforeItsCheck_oneCheckAtOnceForAName_twoFromAnAddress_andASuccessTakesBackItsCount() throws {
        var throttle = LoginThrottle()
        guard case .check(let first) = throttle.reserve(name: "ada", address: "192.0.2.1", now: start) else {
            Issue.record("the first try goes ahead"); return
        }
        guard case .wait(let seconds) = throttle.reserve(name: "ADA", address: "198.51.100.7", now: start) else {
            Issue.record("a second check for the same name while the first runs is told to wait"); return
        }
        #expect(seconds == 1)
        guard case .check(let other) = throttle.reserve(name: "bob", address: "192.0.2.1", now: start) else {
            Issue.record("another name from the address goes ahead: two checks at once from one address"); return
        }
        guard case .wait = throttle.reserve(name: "cy", address: "192.0.2.1", now: start) else {
            Issue.record("a third check at once from one address waits"); return
        }
        throttle.finished(first, .succeeded)
        throttle.finished(other, .notChecked)
        // Counted first: four tries reserved and never finished, then a fifth, are the five free failures.
        for index in 0..<4 {
            guard case .check(let reserved) = throttle.reserve(name: "eve", address: "203.0.113.\(index + 1)", now: start) else {
                Issue.record("free tries go ahead"); return
            }
            throttle.finished(reserved, .failed)
        }
        guard case .check = throttle.reserve(name: "eve", address: "203.0.113.250", now: start) else { Issue.record("the fifth is free"); return }
        #expect(throttle.wait(name: "eve", address: "203.0.113.251", now: start) == 2, "the fifth counted while its check still runs")
        #expect(throttle.wait(name: "zed", address: "192.0.2.1", now: start) == 0, "a success and a try never checked count nothing")
    }

    /// 40 wrong guesses sent at once: each check blocks until every guess has been answered or is being checked, so
    /// a throttle that counted only after a check failed would let all 40 in.
    @Test(arguments: [("same name", true), ("one address", false)])
    func fortyGuessesAtOnce_areCheckedNoMoreThanTheFreeTries_theRestToldToWait(_ label: String, _ sameName: Bool) async throws {
        try await StoreBackend.sqlite.withStore { store in
            _ = try await store.addWebUser(name: "ada", role: .owner, passwordHash: "scrypt$not-checked-here", now: start)
            let gate = CheckGate()
            let sessions = WebSessions(store: store, verify: { _, _ in await gate.enter(); return false })
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let outcome = try await sessions.login(name: sameName ? "ada" : "guess\(index)", password: "wrong \(index)",
                                                               address: sameName ? "192.0.2.\(index)" : "198.51.100.7")
                        let word = switch outcome { case .refused: "refused"; case .throttled: "throttled"; case .signedIn: "signed in" }
                        gate.answered(word)
                    }
                }
                await waitUntil { gate.answers.count + gate.entered == 40 }
                gate.open()
                try await group.waitForAll()
            }
            let words = gate.answers
            #expect(gate.entered <= LoginThrottle.freeFailures, "\(label): \(gate.entered) of 40 guesses were checked")
            #expect(words.filter { $0 == "refused" }.count == gate.entered && words.filter { $0 == "throttled" }.count == 40 - gate.entered,
                    "\(label): \(words)")
        }
    }
}

/// Holds every password check until opened, counting how many began; and keeps each guess's answer.
final class CheckGate: Sendable {
    private struct State {
        var answers: [String] = []
        var entered = 0
        var isOpen = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    var entered: Int { state.withLock { $0.entered } }
    var answers: [String] { state.withLock { $0.answers } }

    func answered(_ word: String) {
        state.withLock { $0.answers.append(word) }
    }

    func enter() async {
        await withCheckedContinuation { continuation in
            let go = state.withLock { state -> Bool in
                state.entered += 1
                if state.isOpen { return true }
                state.waiting.append(continuation)
                return false
            }
            if go { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
