import Foundation

/// Slows down guessing: after five failed logins within 15 minutes for a name, or from an address, each further try
/// waits twice as long as the last (2 s, 4 s, … at most 60 s). It never locks anyone out: the wait is capped, a
/// success clears the name's count, and the counts forget themselves after 15 quiet minutes, so a stranger hammering
/// the owner's name costs the owner a minute at most, never their account.
///
/// A try is counted before its password is checked (``reserve(name:address:now:)``), not after: the check is scrypt,
/// a tenth of a second, so forty guesses sent at once all passed a throttle that counted them only once they had
/// failed (issue 47). And only a few checks run at once for a name or from an address: each takes 32 MiB, and a
/// guess that would wait on another's check is told to try again instead.
package struct LoginThrottle: Sendable {
    package static let freeFailures = 5
    package static let window: TimeInterval = 15 * 60
    package static let maximumWait: TimeInterval = 60
    /// Password checks under way at once for one name: a person signs in once at a time.
    package static let concurrentChecksPerName = 1
    /// From one address: two, so two people behind one router (or a proxy not listed as trusted) can sign in together.
    package static let concurrentChecksPerAddress = 2

    package struct Record: Sendable {
        package var failures: Int
        package var last: Date
    }

    /// A try allowed to check its password, counted as a failure until ``finished(_:_:)`` says otherwise.
    package struct Reservation: Sendable {
        package let name: String
        package let address: String
    }

    package enum Admission: Sendable {
        case check(Reservation)
        /// Try again after this many seconds (at least 1).
        case wait(TimeInterval)
    }

    /// How a reserved try ended.
    package enum Outcome: Sendable {
        case failed, succeeded
        /// The password was never checked (the store did not answer): the try does not count.
        case notChecked
    }

    private var byName: [String: Record] = [:]
    private var byAddress: [String: Record] = [:]
    private var checkingName: [String: Int] = [:]
    private var checkingAddress: [String: Int] = [:]

    /// How long this try must still wait, for the name or the address, whichever is longer; 0 to go ahead.
    package func wait(name: String, address: String, now: Date) -> TimeInterval {
        max(Self.wait(byName[name.lowercased()], now: now), Self.wait(byAddress[address], now: now))
    }

    /// Lets a try check its password, counting it as a failure now; or says how long to wait: the throttle's wait, or a
    /// second when enough checks for the name or from the address are under way already.
    package mutating func reserve(name: String, address: String, now: Date) -> Admission {
        let key = name.lowercased()
        let wait = wait(name: key, address: address, now: now)
        guard wait <= 0 else { return .wait(max(1, wait)) }
        guard checkingName[key, default: 0] < Self.concurrentChecksPerName, checkingAddress[address, default: 0] < Self.concurrentChecksPerAddress else {
            return .wait(1)
        }
        checkingName[key, default: 0] += 1
        checkingAddress[address, default: 0] += 1
        failed(name: key, address: address, now: now)
        return .check(Reservation(name: key, address: address))
    }

    /// Ends a reserved try: a success clears the name's count and takes back the address's count of it; a try never
    /// checked takes back both.
    package mutating func finished(_ reservation: Reservation, _ outcome: Outcome) {
        Self.release(&checkingName, reservation.name)
        Self.release(&checkingAddress, reservation.address)
        switch outcome {
        case .failed: break
        case .succeeded:
            succeeded(name: reservation.name)
            Self.uncount(&byAddress[reservation.address])
        case .notChecked:
            Self.uncount(&byName[reservation.name])
            Self.uncount(&byAddress[reservation.address])
        }
    }

    package mutating func failed(name: String, address: String, now: Date) {
        Self.count(&byName[name.lowercased()], now: now)
        Self.count(&byAddress[address], now: now)
        if byName.count + byAddress.count > 10_000 { forgetOld(now: now) }
    }

    package mutating func succeeded(name: String) {
        byName[name.lowercased()] = nil
    }

    private static func wait(_ record: Record?, now: Date) -> TimeInterval {
        guard let record, record.failures >= freeFailures, now.timeIntervalSince(record.last) < window else { return 0 }
        let wait = min(maximumWait, pow(2, Double(record.failures - freeFailures + 1)))
        return max(0, wait - now.timeIntervalSince(record.last))
    }

    private static func count(_ record: inout Record?, now: Date) {
        if let current = record, now.timeIntervalSince(current.last) < window {
            record = Record(failures: current.failures + 1, last: now)
        } else {
            record = Record(failures: 1, last: now)
        }
    }

    private static func uncount(_ record: inout Record?) {
        guard let current = record else { return }
        record = current.failures > 1 ? Record(failures: current.failures - 1, last: current.last) : nil
    }

    private static func release(_ checking: inout [String: Int], _ key: String) {
        let left = checking[key, default: 1] - 1
        checking[key] = left > 0 ? left : nil
    }

    private mutating func forgetOld(now: Date) {
        byName = byName.filter { now.timeIntervalSince($0.value.last) < Self.window }
        byAddress = byAddress.filter { now.timeIntervalSince($0.value.last) < Self.window }
    }
}
