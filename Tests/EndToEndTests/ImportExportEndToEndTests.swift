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
        let sky = try daemon.addSandboxAccount(username: "import-sky", network: "bluesky")
        let csv = [
            "at,to,text,tz,lateness,media,alt,text_for.\(coach.reference),language",
            "2031-03-03 07:30,\(club.reference) \(coach.reference) \(sky.reference),\"Monday run, 8 km\",Europe/Kyiv,30m,\(picture),The river,"
                + quote + "Coach: easy, " + quote + quote + "really" + quote + quote + quote + ",uk",
            "2031-03-04 07:30,\(club.reference),Tuesday intervals,,,,,,",
            "2031-02-30 07:30,\(club.reference),a date that does not exist,,,,,,",
            "2031-03-06 07:30,x:@nobody,nobody,,,,,,",
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
        #expect(original[0].options == PostOptions(language: "uk") && original[1].options == nil, "the language column")

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
                #expect(copy.options == source.options, "\(format): the language")
            }
        }
        try csv.write(toFile: directory.file("week.txt"), atomically: true, encoding: .utf8)
        let unknown = try daemon.schedctl(["import", directory.file("week.txt")])
        #expect(unknown.status == 2 && unknown.stderr.contains("import reads .csv and .json files"), "\(unknown.stderr)")
        _ = try await daemon.stop()
    }

    /// Issue 48, item 5: `export --json` printed CSV; it prints the rows `--format json` does, and refuses `--format csv` with it.
    @Test(.timeLimit(.minutes(2)))
    func exportWithJSON_printsTheRowsAsJSON() async throws {
        let daemon = try DaemonUnderTest("export-json")
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "export_json")
        _ = try daemon.schedule("Sunday long run", to: club.reference, at: "2031-03-02 08:00")
        let json = try daemon.schedctl(["export", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(rows?.count == 1 && rows?.first?["text"] as? String == "Sunday long run", "\(json.stdout)")
        #expect(json.stdout == (try daemon.schedctl(["export", "--format", "json"])).stdout, "the same rows as --format json")
        let both = try daemon.schedctl(["export", "--json", "--format", "csv"])
        #expect(both.status == 2 && both.stderr.contains("give --json or --format csv, not both"), "\(both.stderr)")
        _ = try await daemon.stop()
    }

    /// Issue 25, item 14: a series was exported as loose rows without its rule, and rows named files only the exporting
    /// daemon keeps. Exported with --media-dir from one daemon and imported on another (a fresh state directory), the
    /// series continues from its next occurrence with the same numbers, texts, times, zones and rule, and the files come
    /// with the same bytes and alt texts.
    @Test(.timeLimit(.minutes(3)))
    func aSeriesAndMedia_exportedFromOneDaemon_continueOnAnother() async throws {
        let source = try DaemonUnderTest("export-source")
        try await source.start()
        let club = try source.addSandboxAccount(username: "trip_club").reference
        let coach = try source.addSandboxAccount(username: "trip_coach").reference
        let tag = UUID().uuidString.prefix(6)
        let started = try source.schedctl(["schedule", "Streak day {{n}} on {{date}} #\(tag)", "--to", club, coach, "--at", "in 2s", "--tz", "Europe/Kyiv",
                                           "--repeat", "FREQ=DAILY;COUNT=10", "--text-for", "\(coach)=Coach: day {{n}} ({{weekday}})",
                                           "--media", Fixtures.path("run-4x5.jpg"), "--alt", "The river path", "--json"])
        #expect(started.status == 0, "\(started.stderr)")
        let first = try started.decode(PostView.self)
        _ = try source.schedule("Race day \(tag)", to: club, at: "2031-03-03 07:30",
                                extra: ["--tz", "Europe/Paris", "--media", Fixtures.path("square-ish.png"), "--alt", "The start line"])
        try await eventually(timeout: .seconds(30), "the first occurrence to go out") {
            try source.schedctl(["show", "\(first.id)", "--json"]).decode(PostView.self).deliveries.allSatisfy { $0.state == .published }
        }
        let before = try source.posts(state: "pending").sorted { ($0.dueAt!, $0.id) < ($1.dueAt!, $1.id) }
        #expect(before.count == 10, "occurrences 2 to 10 and the race")

        let target = try DaemonUnderTest("export-target")
        try await target.start()
        _ = try target.addSandboxAccount(username: "trip_club")
        _ = try target.addSandboxAccount(username: "trip_coach")
        for format in ["csv", "json"] {
            let file = source.directory.file("out/week.\(format)")
            try FileManager.default.createDirectory(atPath: source.directory.file("out"), withIntermediateDirectories: true)
            let export = try source.schedctl(["export", "--format", format, "-o", file, "--media-dir", source.directory.file("out/media")])
            #expect(export.status == 0 && export.stderr.contains("exported 2 rows"), "\(format): \(export.stderr)")
            let written = try String(contentsOfFile: file, encoding: .utf8)
            #expect(written.contains("FREQ=DAILY;COUNT=10") && written.contains("media/") && !written.contains(first.media[0].id), "\(written)")

            let imported = try target.schedctl(["import", file])
            #expect(imported.status == 0, "\(format): \(imported.stderr)")
            let copies = try target.posts(state: "pending").sorted { ($0.dueAt!, $0.id) < ($1.dueAt!, $1.id) }
            #expect(copies.count == before.count, "\(format): \(copies.map(\.text))")
            for (copy, original) in zip(copies, before) {
                #expect(copy.text == original.text && copy.dueAt == original.dueAt && copy.dueZone == original.dueZone
                        && copy.dueLocal == original.dueLocal, "\(format): \(copy.text) \(copy.dueLocal) / \(original.text) \(original.dueLocal)")
                #expect(copy.deliveries.map(\.account) == original.deliveries.map(\.account) && copy.deliveries.map(\.text) == original.deliveries.map(\.text))
                #expect(copy.media == original.media, "\(format): the same bytes (by their SHA-256) and alt texts")
                #expect(copy.series?.index == original.series?.index && copy.series?.rule == original.series?.rule
                        && copy.series?.start == original.series?.start && copy.series?.text == original.series?.text, "\(format)")
            }
            #expect(copies.first?.series?.index == 2, "the series goes on from its next occurrence; the published one is not made again")
            let files = try FileManager.default.contentsOfDirectory(atPath: source.directory.file("out/media")).sorted()
            #expect(files.count == 2)
            for name in files {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: source.directory.file("out/media/\(name)")))
                #expect([try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("run-4x5.jpg"))),
                         try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("square-ish.png")))].contains(bytes), "\(name)")
            }
            // Room for the next format: X refuses a text posted twice within a day, so the copies go first.
            #expect(try target.schedctl(["cancel", "\(copies[0].id)", "--series"]).status == 0)
            #expect(try target.schedctl(["cancel", "\(copies.last!.id)"]).status == 0)
        }
        _ = try await target.stop()
        _ = try await source.stop()
    }

    /// Issue 25, bug 9: rows without `tz` are read as TIME is, in the zone of the machine schedctl runs on (never the
    /// daemon's), and the answer names it; `--tz` overrides it.
    @Test(.timeLimit(.minutes(2)))
    func rowsWithoutAZone_areReadInTheClientsZone_andTheAnswerSaysSo() async throws {
        let daemon = try DaemonUnderTest("import-zone")
        try await daemon.start()
        let club = try daemon.addSandboxAccount(username: "zone_club")
        let file = daemon.directory.file("week.csv")
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let day = tokyo.dateComponents([.year, .month, .day], from: Date().addingTimeInterval(3 * 86_400))
        let at = String(format: "%04d-%02d-%02d 07:30", day.year!, day.month!, day.day!)
        try "at,to,text\n\(at),\(club.reference),Tempo run by the bay\n".write(toFile: file, atomically: true, encoding: .utf8)

        let imported = try daemon.schedctl(["import", file], environment: ["TZ": "Asia/Tokyo"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("note: every row without tz read in Asia/Tokyo (your zone)"), "\(imported.stdout)")
        let post = try #require(try daemon.posts().first { $0.text == "Tempo run by the bay" })
        #expect(post.dueZone == "Asia/Tokyo" && post.dueLocal == at.replacingOccurrences(of: " ", with: "T") + ":00")
        #expect(try await daemon.status().zone != "Asia/Tokyo", "not the daemon's zone")

        try "at,to,text\n\(at),\(club.reference),Hills by the river\n".write(toFile: file, atomically: true, encoding: .utf8)
        let given = try daemon.schedctl(["import", file, "--tz", "Europe/Kyiv"], environment: ["TZ": "Asia/Tokyo"])
        #expect(given.stdout.contains("read in Europe/Kyiv (--tz)"), "\(given.stdout)")
        #expect(try daemon.posts().first { $0.text == "Hills by the river" }?.dueZone == "Europe/Kyiv")

        // Issue 48, item 8: a time written with its offset and no tz keeps that offset, listed and exported as written,
        // and is no row "read in" a zone.
        let offsetAt = String(format: "%04d-%02d-%02dT18:00:00+01:00", day.year!, day.month!, day.day!)
        try "at,to,text\n\(offsetAt),\(club.reference),Track session\n".write(toFile: file, atomically: true, encoding: .utf8)
        let offset = try daemon.schedctl(["import", file], environment: ["TZ": "Asia/Tokyo"])
        #expect(offset.status == 0 && !offset.stdout.contains("read in"), "\(offset.stdout) \(offset.stderr)")
        let track = try #require(try daemon.posts().first { $0.text == "Track session" })
        #expect(track.dueZone == "UTC+01:00" && track.dueLocal.hasSuffix("T18:00:00"), "\(track.dueZone) \(track.dueLocal)")
        let exported = try daemon.schedctl(["export", "--format", "csv"])
        #expect(exported.stdout.contains("\(offsetAt),UTC+01:00"), "\(exported.stdout)")
        _ = try await daemon.stop()
    }
}
