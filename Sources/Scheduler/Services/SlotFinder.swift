import Foundation
import SchedulerCore

/// Finds free posting slots for a set of accounts: a time that is a slot of every one of them and that no queued
/// post to any of them has taken. Pure, so the queue's rules are tested without a store.
struct SlotFinder: Sendable {
    /// Each account's slots.
    var slots: [Int64: WeeklySlots]
    /// Instants already taken by queued posts, per account.
    var taken: [Int64: Set<Date>]

    /// Looked ahead in windows of four weeks, up to a year: a set of accounts whose slots never meet has no free slot.
    static let window: TimeInterval = 28 * 86_400
    static let horizon: TimeInterval = 366 * 86_400

    /// The first `count` free slots of every one of `accounts` after `after`, earliest first.
    func free(for accounts: [Int64], after: Date, count: Int = 1) -> [SlotOccurrence] {
        guard let first = accounts.first, let leading = slots[first], accounts.allSatisfy({ slots[$0] != nil }) else { return [] }
        var found: [SlotOccurrence] = []
        var start = after
        while found.count < count, start < after.addingTimeInterval(Self.horizon) {
            let end = start.addingTimeInterval(Self.window)
            for occurrence in leading.occurrences(from: start, through: end) where occurrence.instant > after {
                guard accounts.dropFirst().allSatisfy({ slots[$0]!.contains(occurrence.instant) }),
                      accounts.allSatisfy({ taken[$0]?.contains(occurrence.instant) != true }) else { continue }
                found.append(occurrence)
                if found.count == count { break }
            }
            start = end.addingTimeInterval(0.001)
        }
        return found
    }

    /// Marks `instant` taken for `accounts` (or frees it).
    mutating func take(_ instant: Date, for accounts: [Int64], _ taking: Bool = true) {
        for account in accounts {
            if taking { taken[account, default: []].insert(instant) } else { taken[account]?.remove(instant) }
        }
    }

    /// Whether `instant` is a slot of every one of `accounts`.
    func fits(_ instant: Date, for accounts: [Int64]) -> Bool {
        accounts.allSatisfy { slots[$0]?.contains(instant) == true }
    }
}
