import Foundation

/// Slows down guessing: after five failed logins within 15 minutes for a name, or from an address, each further try
/// waits twice as long as the last (2 s, 4 s, … at most 60 s). It never locks anyone out: the wait is capped, a
/// success clears the name's count, and the counts forget themselves after 15 quiet minutes, so a stranger hammering
/// the owner's name costs the owner a minute at most, never their account.
struct LoginThrottle: Sendable {
    static let freeFailures = 5
    static let window: TimeInterval = 15 * 60
    static let maximumWait: TimeInterval = 60

    struct Record: Sendable {
        var failures: Int
        var last: Date
    }

    private var byName: [String: Record] = [:]
    private var byAddress: [String: Record] = [:]

    /// How long this try must still wait, for the name or the address, whichever is longer; 0 to go ahead.
    func wait(name: String, address: String, now: Date) -> TimeInterval {
        max(Self.wait(byName[name.lowercased()], now: now), Self.wait(byAddress[address], now: now))
    }

    mutating func failed(name: String, address: String, now: Date) {
        Self.count(&byName[name.lowercased()], now: now)
        Self.count(&byAddress[address], now: now)
        if byName.count + byAddress.count > 10_000 { forgetOld(now: now) }
    }

    mutating func succeeded(name: String) {
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

    private mutating func forgetOld(now: Date) {
        byName = byName.filter { now.timeIntervalSince($0.value.last) < Self.window }
        byAddress = byAddress.filter { now.timeIntervalSince($0.value.last) < Self.window }
    }
}
