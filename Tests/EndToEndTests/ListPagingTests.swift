import Foundation
import SchedulerCore
import Testing

/// `schedctl list` pages by cursor: the table ends with the command for the next page, `--json` gives the cursor on
/// standard error, and following the cursors (or `--page N`) lists every post once, pending ones next due first.
@Suite struct ListPagingTests {
    @Test func followingTheCursors_listsEveryPendingPostOnce_nextDueFirst_asPageNumbersDo() async throws {
        let daemon = try DaemonUnderTest("listpaging")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "runner")
        var scheduled: [Int64] = []
        for index in 0..<7 {
            scheduled.append(try daemon.schedule("Paged \(index)", to: account.reference, at: "2031-01-0\(1 + index / 2)T10:00:00Z").id)
        }
        // Next due first; posts due together, the first made first.
        let expected = scheduled.enumerated().sorted { ($0.offset / 2, $0.element) < ($1.offset / 2, $1.element) }.map(\.element)

        var listed: [Int64] = []
        var arguments = ["list", "--limit", "3", "--json"]
        for _ in 0..<5 {
            let run = try daemon.schedctl(arguments)
            #expect(run.status == 0, "\(run.stderr)")
            listed += try run.decode([PostView].self).map(\.id)
            guard let line = run.stderr.split(separator: "\n").first(where: { $0.hasPrefix("next_cursor: ") }) else { break }
            arguments = ["list", "--limit", "3", "--json", "--after", String(line.dropFirst("next_cursor: ".count))]
        }
        #expect(listed == expected)

        var byPage: [Int64] = []
        for page in 1...3 { byPage += try daemon.schedctl(["list", "--limit", "3", "--page", "\(page)", "--json"]).decode([PostView].self).map(\.id) }
        #expect(byPage == expected)

        let table = try daemon.schedctl(["list", "--limit", "3"])
        let more = try #require(table.stdout.split(separator: "\n").last.map(String.init))
        #expect(more.hasPrefix("(more: schedctl list --limit 3 --after "), "\(table.stdout)")
        let next = String(more.dropFirst("(more: schedctl list --limit 3 --after ".count).dropLast())
        #expect(try daemon.schedctl(["list", "--limit", "3", "--after", next, "--json"]).decode([PostView].self).map(\.id)
                == Array(expected[3..<6]))
        _ = try await daemon.stop()
    }
}
