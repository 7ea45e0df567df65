import Foundation
import SchedulerCore
import Testing

/// `schedctl import` and `export` against a running daemon: a bad row stores nothing and is named by its line,
/// `--skip-invalid` stores the rest, and exporting then importing gives the same posts (CSV and JSON).
@Suite struct ImportExportEndToEndTests {
    @Test(.timeLimit(.minutes(2)))
    func importChecksEveryRow_andExportReadsBackTheSamePosts() async throws {
        let daemon = try DaemonUnderTest("import")
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "import_club")
        let coach = try daemon.addSandboxAccount(username: "import_coach")
        let directory = daemon.directory
        let picture = Fixtures.path("run-4x5.jpg")
        let quote = "\""
        let csv = [
            "at,to,text,tz,lateness,media,alt,text_for.\(coach.reference)",
            "2031-03-03 07:30,\(club.reference) \(coach.reference),\"Monday run, 8 km\",Europe/Kyiv,30m,\(picture),The river,"
                + quote + "Coach: easy, " + quote + quote + "really" + quote + quote + quote,
            "2031-03-04 07:30,\(club.reference),Tuesday intervals,,,,,",
            "2031-02-30 07:30,\(club.reference),a date that does not exist,,,,,",
            "2031-03-06 07:30,x:@nobody,nobody,,,,,",
        ].joined(separator: "\n") + "\n"
        try csv.write(toFile: directory.file("week.csv"), atomically: true, encoding: .utf8)

        let refused = try daemon.schedctl(["import", directory.file("week.csv"), "--tz", "Europe/Paris"])
        #expect(refused.status == 2, "\(refused.stdout) \(refused.stderr)")
        #expect(refused.stderr.contains("line 4: '2031-02-30 07:30' is not a valid calendar date or time"), "\(refused.stderr)")
        #expect(refused.stderr.contains("line 5: no account 'x:@nobody'"), "\(refused.stderr)")
        #expect(refused.stderr.contains("nothing was stored"))
        #expect(try daemon.posts().isEmpty, "nothing stored")
        // Issue 25, item 4: with --json, nothing stored is the error contract, not a success with "dry_run": true.
        for extra in [["--json"], ["--json", "--dry-run"]] {
            let json = try daemon.schedctl(["import", directory.file("week.csv"), "--tz", "Europe/Paris"] + extra)
            #expect(json.status == 2, "\(extra): \(json.stdout)")
            let object = try JSONErrorTests.errorObject(json)
            #expect(object.problems.count == 2 && object.problems.first?.hasPrefix("line 4: '2031-02-30 07:30'") == true, "\(object.problems)")
            #expect(object.error.contains("nothing was stored"), "\(object.error)")
            #expect(!json.stdout.contains("dry_run"), "\(json.stdout)")
        }

        let partial = try daemon.schedctl(["import", directory.file("week.csv"), "--tz", "Europe/Paris", "--skip-invalid"])
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(partial.stdout.contains("imported 2 of 4 rows"), "\(partial.stdout)")
        let original = try daemon.posts().sorted { $0.id < $1.id }
        #expect(original.map(\.text) == ["Monday run, 8 km", "Tuesday intervals"])
        #expect(original[0].deliveries.first { $0.account == coach.reference }?.text == "Coach: easy, \"really\"")
        #expect(original[0].media.first?.alt == "The river" && original[1].dueZone == "Europe/Paris")

        for format in ["csv", "json"] {
            let exported = directory.file("export.\(format)")
            let export = try daemon.schedctl(["export", "--format", format, "--output", exported])
            #expect(export.status == 0, "\(export.stderr)")
            // Export writes the posts by due time; the import stores its rows in that order.
            let before = try daemon.posts(state: "pending").sorted { ($0.dueAt!, $0.id) < ($1.dueAt!, $1.id) }
            // X refuses a text the account posts twice within a day, and so does schedule: the copies replace the originals.
            for post in before { #expect(try daemon.schedctl(["cancel", "\(post.id)"]).status == 0) }
            let again = try daemon.schedctl(["import", exported])
            #expect(again.status == 0, "\(format): \(again.stderr)")
            let copies = try daemon.posts(state: "pending").filter { post in !before.contains { $0.id == post.id } }.sorted { $0.id < $1.id }
            #expect(copies.count == before.count, "\(format)")
            for (copy, source) in zip(copies, before) {
                #expect(copy.text == source.text && copy.dueAt == source.dueAt && copy.dueZone == source.dueZone && copy.dueLocal == source.dueLocal)
                #expect(copy.latenessLimitSeconds == source.latenessLimitSeconds && copy.media == source.media)
                #expect(copy.deliveries.map(\.account) == source.deliveries.map(\.account))
                #expect(copy.deliveries.map(\.text) == source.deliveries.map(\.text), "\(format): per-account texts")
            }
        }
        try csv.write(toFile: directory.file("week.txt"), atomically: true, encoding: .utf8)
        let unknown = try daemon.schedctl(["import", directory.file("week.txt")])
        #expect(unknown.status == 2 && unknown.stderr.contains("import reads .csv and .json files"), "\(unknown.stderr)")
        _ = try await daemon.stop()
    }
}
