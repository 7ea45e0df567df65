import Foundation
import SchedulerCore
import Testing

/// Issue 25, item 5 and its friction: text from files and standard input is read whatever wrote it. Windows' `\r\n`
/// (and a lone `\r`) become `\n` in a thread file, a text on standard input and an import file, and a CSV written by
/// a European spreadsheet (semicolons, a byte-order mark) is read by its header line's delimiter.
@Suite struct TextFilesEndToEndTests {
    @Test(.timeLimit(.minutes(2)))
    func windowsLineEndingsAndSemicolonCSVs_areReadAsTheyWereMeant() async throws {
        let daemon = try DaemonUnderTest("text-files")
        try await daemon.start()
        let runner = try daemon.addSandboxAccount(username: "crlf_runner").reference
        let directory = daemon.directory

        try "Sunday long run: 28 km\r\n---\r\nSplits were even\r\n---\r\nThanks, club!\r\n".write(
            toFile: directory.file("thread.txt"), atomically: true, encoding: .utf8)
        let thread = try daemon.schedctl(["schedule", "--thread-file", directory.file("thread.txt"), "--to", runner, "--at", "in 1h", "--json"])
        #expect(thread.status == 0, "\(thread.stderr)")
        let threaded = try thread.decode(PostView.self)
        #expect(threaded.text == "Sunday long run: 28 km")
        #expect(threaded.thread?.map(\.text) == ["Splits were even", "Thanks, club!"], "three parts, not one with '---' in it")

        let piped = try daemon.schedctl(["schedule", "-", "--to", runner, "--at", "in 2h", "--json"], stdin: "Line one\r\nLine two\rLine three\r\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(try piped.decode(PostView.self).text == "Line one\nLine two\nLine three")

        let csv = "\u{FEFF}at;to;text;tz\r\n2031-03-03 07:30;\(runner);\"Monday run; 8 km\r\nbring water\";Europe/Kyiv\r\n"
            + "2031-03-04 07:30;\(runner);Tuesday, intervals;Europe/Kyiv\r\n"
        try csv.write(toFile: directory.file("week.csv"), atomically: true, encoding: .utf8)
        let imported = try daemon.schedctl(["import", directory.file("week.csv")])
        #expect(imported.status == 0, "\(imported.stderr)")
        let json = #"[{"at": "2031-03-05 07:30", "to": "\#(runner)", "text": "Wednesday\r\nhills", "tz": "Europe/Kyiv"}]"#
        try json.write(toFile: directory.file("day.json"), atomically: true, encoding: .utf8)
        let fromJSON = try daemon.schedctl(["import", directory.file("day.json")])
        #expect(fromJSON.status == 0, "\(fromJSON.stderr)")
        let texts = try daemon.posts().filter { $0.dueLocal.hasPrefix("2031-03") }.sorted { $0.dueLocal < $1.dueLocal }.map(\.text)
        #expect(texts == ["Monday run; 8 km\nbring water", "Tuesday, intervals", "Wednesday\nhills"])
        _ = try await daemon.stop()
    }
}
