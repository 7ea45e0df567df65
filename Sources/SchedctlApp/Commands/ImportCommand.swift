import ArgumentParser
import Foundation
import SchedulerCore

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Schedule every row of a CSV or JSON file; nothing is stored unless every row is valid.",
        discussion: """
            Columns: at, to, text; optionally tz, lateness, media (files, | between them, relative to the file), media_id \
            (files this daemon has), alt (| between them), repeat (as --repeat), series_start (where a series that \
            continues one began, as export writes it) and text_for.ACCOUNT for one account's text. `to` lists accounts \
            separated by spaces. A CSV's delimiter is its header line's: a comma, a semicolon or a tab. JSON: an array of \
            objects with the same keys (to, media and alt may be arrays, text_for an object). Every row is checked first, \
            and the problems are listed with their line numbers.
            Example: schedctl import week.csv --tz Europe/Kyiv --dry-run
            """)

    @Argument(help: "A .csv or .json file.")
    var file: String

    @Flag(name: .customLong("dry-run"), help: "Check every row and say what would be stored; store nothing.")
    var dryRun = false

    @Flag(name: .customLong("skip-invalid"), help: "Store the valid rows and list the others, instead of storing nothing.")
    var skipInvalid = false

    @Option(help: "IANA time zone for rows without a tz column (default: this machine's zone, $TZ or the system's).")
    var tz: String?

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let started = Date()
        let rows = try ImportRows(path: file)
        guard !rows.rows.isEmpty else { throw CLIError.badInput("\(file) has no rows under its header") }
        let client = options.client()
        let progress = ImportProgress(total: rows.rows.count)
        // Rows without a tz are read as `schedule` reads TIME (LocalTimeRule): --tz, else this machine's zone; said once below.
        let zone = try ClientZone.resolve(tz).name
        // A row whose time carries its offset or Z needs no zone to be read.
        let withoutZone = rows.rows.filter { row in
            (row.values["tz"] ?? "").trimmingWhitespace.isEmpty && RFC3339.parse((row.values["at"] ?? "").trimmingWhitespace) == nil
        }.count
        let (requests, lines, spoiled) = try await Self.readRequests(rows, file: file, zone: zone, zoneNamed: tz != nil, client: client, progress: progress)
        var problems = spoiled
        // Rows the file itself spoils are not sent; the others still are, checked only, so every problem is listed at once.
        let checkOnly = dryRun || (!problems.isEmpty && !skipInvalid)
        var view = ImportView(dryRun: checkOnly, valid: 0, postIds: [], problems: [])
        if !requests.isEmpty {
            progress.say("checking \(Counted.of(requests.count, "row")) at schedulerd…")
            do {
                let data = try await client.send("POST", "/v1/posts/batch",
                                                 body: ImportRequest(posts: requests, lines: lines, dryRun: checkOnly ? true : nil, skipInvalid: skipInvalid ? true : nil))
                view = try client.decode(ImportView.self, data)
            } catch let error as CLIError where error.exitCode == ExitCodes.badInput {
                problems += Self.problems(from: ([error.message] + error.problems).joined(separator: "\n"))
            }
            progress.finish()
        }
        problems = (problems + view.problems).sorted { $0.line < $1.line }
        // Nothing stored is an error, with --json too: the error contract ({"error", "problems"}, exit 2), never a success.
        if !problems.isEmpty && !skipInvalid {
            let lines = problems.map { "line \($0.line): \($0.message)" }
            throw CLIError(exitCode: ExitCodes.badInput,
                           message: "\(Counted.part(problems.count, of: rows.rows.count, "row")) \(Counted.verb(problems.count)) not valid, so nothing was stored "
                               + "(fix them, or store the others with --skip-invalid): " + lines.joined(separator: "; "),
                           problems: lines)
        }
        if options.json {
            return try Output.json(ImportView(dryRun: view.dryRun, valid: view.valid, postIds: view.postIds, problems: problems))
        }
        printSummary(view, problems: problems, rows: rows.rows.count, withoutZone: withoutZone, zone: zone, started: started)
    }

    /// Each row as a schedule request, its media uploaded once per file; a row the file itself spoils is a problem.
    static func readRequests(_ rows: ImportRows, file: String, zone: String, zoneNamed: Bool, client: ControlClient, progress: ImportProgress) async throws
        -> ([SchedulePostRequest], [Int], [ImportProblem]) {
        var requests: [SchedulePostRequest] = []
        var lines: [Int] = []
        var problems: [ImportProblem] = []
        let directory = ((file as NSString).deletingLastPathComponent as NSString).standardizingPath
        var uploaded: [String: String] = [:]
        for row in rows.rows {
            do {
                requests.append(try await ImportRows.request(row, defaultZone: zone, zoneNamed: zoneNamed, directory: directory.isEmpty ? "." : directory) { path in
                    if let id = uploaded[path] { return id }
                    let id = try await MediaUpload.upload(path, with: client)
                    uploaded[path] = id
                    return id
                })
                lines.append(row.line)
            } catch let error as CLIError {
                problems.append(ImportProblem(line: row.line, message: error.message))
            }
            progress.advance("reading")
        }
        progress.finish()
        return (requests, lines, problems)
    }

    /// What was imported or would be, with the problems on standard error and how rows without a zone were read.
    private func printSummary(_ view: ImportView, problems: [ImportProblem], rows: Int, withoutZone: Int, zone: String, started: Date) {
        for problem in problems { FileHandle.standardError.write(Data("line \(problem.line): \(problem.message)\n".utf8)) }
        if withoutZone > 0 {
            print("note: \(withoutZone == rows ? "every row" : "\(withoutZone) of \(rows) rows") without tz read in \(zone) "
                  + (tz == nil ? "(your zone); give --tz to read them in another" : "(--tz)"))
        }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        if dryRun {
            print("\(Counted.part(view.valid, of: rows, "row")) \(Counted.verb(view.valid)) valid; nothing stored (--dry-run), \(seconds) s")
        } else {
            let range = view.postIds.first.map { "posts \($0)–\(view.postIds.last!)" } ?? "no post"
            print("imported \(Counted.part(view.postIds.count, of: rows, "row")) (\(range)) in \(seconds) s"
                  + (problems.isEmpty ? "" : "; \(problems.count) skipped (listed above)"))
        }
    }

    /// The daemon's refusal lists each row as "line N: message".
    static func problems(from message: String) -> [ImportProblem] {
        message.split(separator: "\n").compactMap { text in
            let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "- ", with: "", options: .anchored)
            guard trimmed.hasPrefix("line "), let colon = trimmed.firstIndex(of: ":"),
                  let line = Int(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<colon]) else { return nil }
            return ImportProblem(line: line, message: String(trimmed[trimmed.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
    }
}
