#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Counts calls per app and person in a moving 24-hour window, as Threads limits them (docs/research/threads.md §7:
/// "calls are counted per app + app-user pair in a rolling 24 h window").
///
/// A moving window, not a fixed one: the call that frees a slot is the one made 24 hours before. Refused calls are
/// not counted. An actor because every Threads call consumes from it.
actor ThreadsCallBudget {
    private var calls: [String: [Date]] = [:]
    let limit: Int
    let window: TimeInterval

    init(limit: Int, window: TimeInterval = 86_400) {
        self.limit = max(1, limit)
        self.window = window
    }

    /// Counts one call by `appID` for `userID` at `now`; false when the budget is spent.
    func consume(appID: String, userID: String, now: Date) -> Bool {
        let key = appID + "/" + userID
        var times = calls[key] ?? []
        if let firstKept = times.firstIndex(where: { now.timeIntervalSince($0) < window }) {
            times.removeFirst(firstKept)
        } else {
            times.removeAll()
        }
        guard times.count < limit else {
            calls[key] = times
            return false
        }
        times.append(now)
        calls[key] = times
        return true
    }
}
