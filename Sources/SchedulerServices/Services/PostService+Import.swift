import Foundation
import SchedulerCore
import SchedulerDomain

extension PostService {
    /// Most rows a batch takes (the request body is limited too).
    package static let maxBatch = 100_000

    /// Checks every row as `schedule` would (a repeating one as each of its first occurrences), then stores the valid
    /// ones in one transaction: all of them, or none when one is not valid (unless `skip_invalid`). Drafts and slots
    /// are scheduled one at a time.
    package func importPosts(_ request: ImportRequest) async throws -> ImportView {
        guard !request.posts.isEmpty else { throw RequestError.badRequest("the import has no rows") }
        guard request.posts.count <= Self.maxBatch else { throw RequestError.badRequest("the import has \(request.posts.count) rows; at most \(Self.maxBatch) at once") }
        if let lines = request.lines, lines.count != request.posts.count {
            throw RequestError.badRequest("'lines' has \(Counted.of(lines.count, "entry", "entries")) for \(Counted.of(request.posts.count, "post"))")
        }
        let checked = try await checkRows(request)
        let repeated = checked.repeated + checked.sameText.withinTheFile()
        var items = checked.items
        let problems = (checked.problems + repeated).sorted { $0.line < $1.line }
        let refusedLines = Set(repeated.map(\.line))
        items.removeAll { refusedLines.contains($0.line) }
        let dryRun = request.dryRun == true
        let refused = Set(problems.map(\.line)).count
        if !problems.isEmpty, request.skipInvalid != true {
            throw RequestError.badRequest(
                "\(Counted.part(refused, of: request.posts.count, "row")) \(Counted.verb(refused)) not valid; nothing was stored",
                problems: problems.prefix(1_000).map { "line \($0.line): \($0.message)" })
        }
        guard !dryRun, !items.isEmpty else { return ImportView(dryRun: dryRun, valid: items.count, postIds: [], problems: problems) }
        let ids = try await store.insertBatch(items.map(\.item), now: now())
        if items.contains(where: { if case .series = $0.item { true } else { false } }) { series?.added.signal() }
        wake.signal()
        return ImportView(dryRun: false, valid: items.count, postIds: ids, problems: problems)
    }

    /// An import's rows checked: what each became, or its problem, and the texts the same-text rule looks up.
    package struct CheckedRows: Sendable {
        package var items: [(line: Int, item: NewBatchItem)] = []
        package var problems: [ImportProblem] = []
        package var sameText = ImportSameText()
        /// Rows refused for repeating a stored post's text.
        package var repeated: [ImportProblem] = []
    }

    /// Checks the rows in as many slices as the machine has cores, each slice in a task of its own (a row's checks
    /// touch nothing another row's do, but the accounts each reads once), then puts the slices back in order. Rows of
    /// 2,000 and more only: a slice costs a task and a read of its own.
    private func checkRows(_ request: ImportRequest) async throws -> CheckedRows {
        let accounts = AccountCache(store: store)
        let count = request.posts.count
        let slices = count < 2_000 ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, 16)
        let size = (count + slices - 1) / slices
        return try await withThrowingTaskGroup(of: (Int, CheckedRows).self) { group in
            for slice in 0..<slices {
                let range = min(count, slice * size)..<min(count, (slice + 1) * size)
                group.addTask { (slice, try await checkRows(request, range, accounts: accounts)) }
            }
            var done = [CheckedRows](repeating: CheckedRows(), count: slices)
            for try await (slice, rows) in group { done[slice] = rows }
            return done.reduce(into: CheckedRows()) { all, rows in
                all.items += rows.items
                all.problems += rows.problems
                all.sameText.append(rows.sameText)
                all.repeated += rows.repeated
            }
        }
    }

    private func checkRows(_ request: ImportRequest, _ range: Range<Int>, accounts: AccountCache) async throws -> CheckedRows {
        var checked = CheckedRows()
        for position in range {
            let line = request.lines?[position] ?? position + 1
            do {
                checked.items.append((line, try await importItem(request.posts[position], accounts: accounts, sameText: &checked.sameText, line: line)))
            } catch let error as RequestError {
                checked.problems.append(ImportProblem(line: line, message: error.message))
            }
        }
        // Each slice looks its texts up itself, so the slices' reads run side by side too.
        checked.repeated = try await checked.sameText.repeatingStoredPosts(store: store)
        return checked
    }

    /// One row checked as `schedule` would check it, its texts noted for the same-text rule, which is looked up for
    /// the whole import at once.
    private func importItem(_ row: SchedulePostRequest, accounts: AccountCache, sameText: inout ImportSameText, line: Int) async throws -> NewBatchItem {
        if row.draft == true || row.nextSlot == true || row.dryRun != nil {
            throw RequestError.badRequest("an import row takes a time, not a draft, the next free slot or a dry run; such a post is scheduled on its own",
                                          hint: .leaveOut(.draft, .nextSlot, .dryRun))
        }
        let checked = try await check(row, accounts: accounts, sameTextLater: true)
        if let rule = checked.rule, let start = checked.seriesStart {
            guard series != nil else { throw RequestError(.unavailable, "this daemon keeps no repeating posts") }
            return .series(try seriesPlan(rule, start: start, text: row.text, targets: checked.targets, media: checked.attachments,
                                          lateness: checked.latenessLimitSeconds, options: checked.options).series)
        }
        sameText.add(line: line, checked: checked, text: row.text)
        return .post(checked.post(text: row.text))
    }
}
