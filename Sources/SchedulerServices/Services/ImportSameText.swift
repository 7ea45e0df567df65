import Foundation
import SchedulerCore
import SchedulerDomain

/// X's same-text rule over a whole import: every row's texts looked up in the store in one read, and rows of the file
/// itself that repeat one another (the same text to the same X account within a day), which the store cannot see yet.
package struct ImportSameText: Sendable {
    /// One text of one row, to one X account.
    package struct Entry: Sendable {
        package var line: Int
        package var account: AccountRecord
        /// The text, the account and the window, as the store looks them up.
        package var probe: SameTextProbe
        package var due: Date
        /// The zone the row's time was read in, to write it as the person gave it.
        package var zone: TimeZone?
    }

    package private(set) var entries: [Entry] = []

    /// Notes the row's texts that the rule applies to.
    package mutating func add(line: Int, checked: PostService.CheckedPost, text: String) {
        guard checked.rule == nil, let time = checked.time else { return }
        let due = time.instant, zone = TimeZone(identifier: time.zoneIdentifier)
        for (account, override) in checked.targets {
            guard let probe = PostService.sameTextProbe(text: override ?? text, account: account, due: due) else { continue }
            entries.append(Entry(line: line, account: account, probe: probe, due: due, zone: zone))
        }
    }

    /// Adds another slice's texts after this one's.
    package mutating func append(_ other: ImportSameText) {
        entries += other.entries
    }

    /// The rows refused for repeating a stored post within the window: every text looked up in one read.
    package func repeatingStoredPosts(store: any PostStore) async throws -> [ImportProblem] {
        guard !entries.isEmpty else { return [] }
        let stored = try await store.sameText(entries.map(\.probe))
        return zip(entries, stored).compactMap { entry, other in
            other.map { ImportProblem(line: entry.line, message: PostService.sameTextProblem($0, account: entry.account, zone: entry.zone)) }
        }
    }

    /// Rows of the file with the same text to one account: by account and text, in due order, a row due within the
    /// window of the one before it is refused, naming that row (linear after the sort, however many rows repeat).
    package func withinTheFile() -> [ImportProblem] {
        struct Group: Hashable { var accountID: Int64; var key: Int64 }
        let byKey = Dictionary(grouping: entries) { Group(accountID: $0.account.id, key: SameTextKey.of($0.probe.text)) }
        // Keys can collide: rows sharing one are told apart by their texts.
        let groups = byKey.values.filter { $0.count > 1 }.flatMap { Dictionary(grouping: $0) { SameTextKey.comparable($0.probe.text) }.values }
        var problems: [ImportProblem] = []
        for rows in groups where rows.count > 1 {
            let byDue = rows.sorted { ($0.due, $0.line) < ($1.due, $1.line) }
            let window = PostService.sameTextWindow(for: rows[0].account.network)
            for (earlier, later) in zip(byDue, byDue.dropFirst()) where later.due.timeIntervalSince(earlier.due) <= window {
                let (kept, refused) = earlier.line < later.line ? (earlier, later) : (later, earlier)
                let due = ZonedTime.format(kept.due, in: kept.zone)
                let message = refused.account.network == .x
                    ? "\(refused.account.reference): X refuses a post identical to a recent one of the account, and line \(kept.line) of this "
                        + "import has the same text, due \(due), within 24 hours; change the text (a date or a word is enough)"
                    : "\(refused.account.reference): line \(kept.line) of this import has the same text to this account, due \(due): the same "
                        + "post twice; change the text or its time"
                problems.append(ImportProblem(line: refused.line, message: message))
            }
        }
        return problems
    }
}
