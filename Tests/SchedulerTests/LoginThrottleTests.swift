import Foundation
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
