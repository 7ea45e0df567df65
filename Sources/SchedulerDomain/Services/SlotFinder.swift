import Foundation
import SchedulerCore

/// Finds free posting slots for a set of accounts: a time that is a slot of every one of them and that no post to
/// any of them is due in (its minute). Pure, so the queue's rules are tested without a store.
package struct SlotFinder: Sendable {
    /// Each account's slots.
    package var slots: [Int64: WeeklySlots]
    /// Minutes taken, per account, with how many posts are due in each: any post still to go out takes its minute,
    /// queued or not (issue 47: a post imported at 07:30:20 and a queued post both went out at 07:30). Counted, so
    /// moving one queued post out of a minute leaves it taken by the others.
    package var taken: [Int64: [Date: Int]]

    /// Looked ahead in windows of four weeks, up to a year: a set of accounts whose slots never meet has no free slot.
    package static let window: TimeInterval = 28 * 86_400
    package static let horizon: TimeInterval = 366 * 86_400

    /// The first `count` free slots of every one of `accounts` after `after`, earliest first.
    package func free(for accounts: [Int64], after: Date, count: Int = 1) -> [SlotOccurrence] {
        guard let first = accounts.first, let leading = slots[first], accounts.allSatisfy({ slots[$0] != nil }) else { return [] }
        var found: [SlotOccurrence] = []
        var start = after
        while found.count < count, start < after.addingTimeInterval(Self.horizon) {
            let end = start.addingTimeInterval(Self.window)
            for occurrence in leading.occurrences(from: start, through: end) where occurrence.instant > after {
                guard accounts.dropFirst().allSatisfy({ slots[$0]!.contains(occurrence.instant) }),
                      accounts.allSatisfy({ !isTaken(occurrence.instant, for: $0) }) else { continue }
                found.append(occurrence)
                if found.count == count { break }
            }
            start = end.addingTimeInterval(0.001)
        }
        return found
    }

    /// Marks the minute of `instant` taken for `accounts` by one more post (or by one fewer).
    package mutating func take(_ instant: Date, for accounts: [Int64], _ taking: Bool = true) {
        let minute = Self.minute(of: instant)
        for account in accounts {
            let count = (taken[account]?[minute] ?? 0) + (taking ? 1 : -1)
            taken[account, default: [:]][minute] = count > 0 ? count : nil
        }
    }

    /// Whether a post to `account` is due in the minute of `instant`.
    package func isTaken(_ instant: Date, for account: Int64) -> Bool {
        taken[account]?[Self.minute(of: instant)] != nil
    }

    /// The start of the minute `instant` falls in: a slot is a minute, and a post due at 07:30:20 is in the 07:30 slot.
    package static func minute(of instant: Date) -> Date {
        Date(timeIntervalSince1970: (instant.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }

    /// Whether `instant` is a slot of every one of `accounts`.
    package func fits(_ instant: Date, for accounts: [Int64]) -> Bool {
        accounts.allSatisfy { slots[$0]?.contains(instant) == true }
    }
    package init(slots: [Int64: WeeklySlots], taken: [Int64: [Date: Int]]) {
        self.slots = slots
        self.taken = taken
    }
}
