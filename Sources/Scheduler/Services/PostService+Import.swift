import Foundation
import SchedulerCore

extension PostService {
    /// Most rows a batch takes (the request body is limited too).
    static let maxBatch = 100_000

    /// Checks every row as `schedule` would (a repeating one as each of its first occurrences), then stores the valid
    /// ones in one transaction: all of them, or none when one is not valid (unless `skip_invalid`). Drafts and slots
    /// are scheduled one at a time.
    public func importPosts(_ request: ImportRequest) async throws -> ImportView {
        guard !request.posts.isEmpty else { throw RequestError.badRequest("the import has no rows") }
        guard request.posts.count <= Self.maxBatch else { throw RequestError.badRequest("the import has \(request.posts.count) rows; at most \(Self.maxBatch) at once") }
        if let lines = request.lines, lines.count != request.posts.count {
            throw RequestError.badRequest("'lines' has \(Counted.of(lines.count, "entry", "entries")) for \(Counted.of(request.posts.count, "post"))")
        }
        let accounts = AccountCache(store: store)
        var items: [NewBatchItem] = []
        var problems: [ImportProblem] = []
        for (position, row) in request.posts.enumerated() {
            let line = request.lines?[position] ?? position + 1
            if row.draft == true || row.nextSlot == true || row.dryRun != nil {
                problems.append(ImportProblem(line: line, message: "drafts, --next-slot and dry_run are not taken in an import row; schedule such a post with `schedctl schedule`"))
                continue
            }
            do {
                let checked = try await check(row, accounts: accounts)
                if let rule = checked.rule, let start = checked.seriesStart {
                    guard series != nil else { throw RequestError(.unavailable, "this daemon keeps no repeating posts") }
                    items.append(.series(try seriesPlan(rule, start: start, text: row.text, targets: checked.targets, media: checked.attachments,
                                                        lateness: checked.latenessLimitSeconds, options: checked.options).series))
                } else {
                    items.append(.post(checked.post(text: row.text)))
                }
            } catch let error as RequestError {
                problems.append(ImportProblem(line: line, message: error.message))
            }
        }
        let dryRun = request.dryRun == true
        if !problems.isEmpty, request.skipInvalid != true {
            throw RequestError.badRequest(
                "\(Counted.part(problems.count, of: request.posts.count, "row")) \(Counted.verb(problems.count)) not valid; nothing was stored",
                problems: problems.prefix(1_000).map { "line \($0.line): \($0.message)" })
        }
        guard !dryRun, !items.isEmpty else { return ImportView(dryRun: dryRun, valid: items.count, postIds: [], problems: problems) }
        let ids = try await store.insertBatch(items, now: now())
        if items.contains(where: { if case .series = $0 { true } else { false } }) { series?.added.signal() }
        wake.signal()
        return ImportView(dryRun: false, valid: items.count, postIds: ids, problems: problems)
    }
}
