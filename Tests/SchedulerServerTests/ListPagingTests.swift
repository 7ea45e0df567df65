import Foundation
import SchedulerCore
import Testing

/// `GET /v1/posts` pages by cursor: a page that has a next one says its cursor in `Next-Cursor`, taken back as `after`;
/// following the cursors (or counting pages off with `offset`) lists every post once, pending ones next due first.
/// What schedctl makes of it (the table's command for the next page, `--json`'s cursor on standard error, `--page`) is
/// driven end to end in EverydayOutputTests.
@Suite struct ListPagingTests {
    @Test func followingTheCursors_listsEveryPendingPostOnce_nextDueFirst_asPageNumbersDo() async throws {
        try await InProcessDaemon.run("listpaging") { daemon in
            let account = try await daemon.addSandboxAccount(username: "runner")
            var scheduled: [Int64] = []
            for index in 0..<7 {
                scheduled.append(try await daemon.schedule("Paged \(index)", to: account.reference, at: "2031-01-0\(1 + index / 2)T10:00:00Z").id)
            }
            // Next due first; posts due together, the first made first.
            let expected = scheduled.enumerated().sorted { ($0.offset / 2, $0.element) < ($1.offset / 2, $1.element) }.map(\.element)

            var listed: [Int64] = []
            var path = "/v1/posts?limit=3"
            for _ in 0..<5 {
                let answer = try await daemon.api("GET", path)
                listed += try daemon.decode([PostView].self, answer, expecting: 200).map(\.id)
                guard let cursor = answer.header("Next-Cursor") else { break }
                path = "/v1/posts?limit=3&after=" + (cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? cursor)
            }
            #expect(listed == expected)

            var byPage: [Int64] = []
            for page in 1...3 {
                byPage += try daemon.decode([PostView].self, await daemon.api("GET", "/v1/posts?state=pending&limit=3&offset=\((page - 1) * 3)"),
                                            expecting: 200).map(\.id)
            }
            #expect(byPage == expected)
        }
    }
}
