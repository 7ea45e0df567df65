import ArgumentParser
import Foundation
import SchedulerCore

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Schedule every row of a CSV or JSON file; nothing is stored unless every row is valid.",
        discussion: """
            Columns: at, to, text; optionally tz, lateness, media (files, | between them, relative to the file), media_id
            (files the daemon has, as export writes them), alt (| between them), and text_for.ACCOUNT for one account's text.
            `to` lists accounts separated by spaces. JSON: an array of objects with the same keys (to, media and alt may be
            arrays, text_for an object). Every row is checked first, and the problems are listed with their line numbers.
            Example: schedctl import week.csv --tz Europe/Kyiv --dry-run
            """)

    @Argument(help: "A .csv or .json file.")
    var file: String

    @Flag(name: .customLong("dry-run"), help: "Check every row and say what would be stored; store nothing.")
    var dryRun = false

    @Flag(name: .customLong("skip-invalid"), help: "Store the valid rows and list the others, instead of storing nothing.")
    var skipInvalid = false

    @Option(help: "IANA time zone for rows without a tz column (default: the daemon's zone).")
    var tz: String?

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let started = Date()
        let rows = try ImportRows(path: file)
        guard !rows.rows.isEmpty else { throw CLIError.badInput("\(file) has no rows under its header") }
        let client = try options.client()
        let progress = ImportProgress(total: rows.rows.count)
        var requests: [SchedulePostRequest] = []
        var lines: [Int] = []
        var problems: [ImportProblem] = []
        let directory = ((file as NSString).deletingLastPathComponent as NSString).standardizingPath
        var uploaded: [String: String] = [:]
        for row in rows.rows {
            do {
                requests.append(try await ImportRows.request(row, defaultZone: tz, directory: directory.isEmpty ? "." : directory) { path in
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
        // Rows the file itself spoils are not sent; the others still are, checked only, so every problem is listed at once.
        let checkOnly = dryRun || (!problems.isEmpty && !skipInvalid)
        var view = ImportView(dryRun: checkOnly, valid: 0, postIds: [], problems: [])
        if !requests.isEmpty {
            progress.say("checking \(requests.count) rows at schedulerd…")
            do {
                let data = try await client.send("POST", "/v1/posts/batch",
                                                 body: ImportRequest(posts: requests, lines: lines, dryRun: checkOnly ? true : nil, skipInvalid: skipInvalid ? true : nil))
                view = try client.decode(ImportView.self, data)
            } catch let error as CLIError where error.exitCode == ExitCodes.badInput {
                problems += Self.problems(from: error.message)
            }
            progress.finish()
        }
        problems = (problems + view.problems).sorted { $0.line < $1.line }
        if options.json {
            return try Output.json(ImportView(dryRun: view.dryRun, valid: view.valid, postIds: view.postIds, problems: problems))
        }
        for problem in problems { FileHandle.standardError.write(Data("line \(problem.line): \(problem.message)\n".utf8)) }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        if !problems.isEmpty && !skipInvalid {
            throw CLIError.badInput("\(problems.count) of \(rows.rows.count) rows are not valid (listed above); nothing was stored. "
                                    + "Fix them, or store the others with --skip-invalid")
        }
        if dryRun {
            print("\(view.valid) of \(rows.rows.count) rows are valid; nothing stored (--dry-run), \(seconds) s")
        } else {
            let range = view.postIds.first.map { "posts \($0)–\(view.postIds.last!)" } ?? "no post"
            print("imported \(view.postIds.count) of \(rows.rows.count) rows (\(range)) in \(seconds) s"
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

/// A progress line on standard error while a long import is read and checked, only on a terminal.
final class ImportProgress {
    let total: Int
    private var done = 0
    private let shown: Bool

    init(total: Int) {
        self.total = total
        shown = isatty(STDERR_FILENO) == 1 && total >= 100
    }

    func advance(_ what: String) {
        done += 1
        guard shown, done % 100 == 0 || done == total else { return }
        let width = 30
        let filled = width * done / max(total, 1)
        say("\(what) [" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(done)/\(total)")
    }

    func say(_ text: String) {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(text)".utf8))
    }

    func finish() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write posts as `schedctl import` reads them back (CSV or JSON), on standard output or to a file.",
        discussion: "Times are written as wall-clock times with their zone; media as the ids of files the daemon keeps (media_id).")

    @Option(help: "Which posts: pending (default), all, or a delivery state.")
    var state = "pending"

    @Option(help: "csv or json.")
    var format = "csv"

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard ["csv", "json"].contains(format) else { throw ValidationError("--format is csv or json, not '\(format)'") }
        guard StateFilter(name: state) != nil else {
            throw ValidationError("unknown state '\(state)'; use one of \(StateFilter.acceptedNames.joined(separator: ", "))")
        }
    }

    func run() async throws {
        let client = try options.client()
        var posts: [PostView] = []
        let page = 1_000
        while true {
            let (batch, _) = try await client.get("/v1/posts?state=\(state)&limit=\(page)&offset=\(posts.count)", as: [PostView].self)
            posts += batch
            if batch.count < page { break }
        }
        let timed = posts.filter { $0.dueAt != nil }.sorted { ($0.dueAt!, $0.id) < ($1.dueAt!, $1.id) }
        if timed.count < posts.count {
            FileHandle.standardError.write(Data("\(posts.count - timed.count) draft(s) left out: a row needs a time\n".utf8))
        }
        let rows = timed.map(ExportRow.init)
        let text: String
        if format == "json" {
            text = String(decoding: try JSONSerialization.data(withJSONObject: rows.map(\.object), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]), as: UTF8.self) + "\n"
        } else {
            let accounts = Array(Set(rows.flatMap { $0.textFor.keys })).sorted()
            let header = ["at", "tz", "to", "text", "lateness", "media_id", "alt"] + accounts.map { "text_for." + $0 }
            text = CSVTable.write(header: header, rows: rows.map { row in
                [row.at, row.tz, row.to.joined(separator: " "), row.text, row.lateness, row.mediaIDs.joined(separator: "|"),
                 row.alts.joined(separator: "|")] + accounts.map { row.textFor[$0] ?? "" }
            })
        }
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else { throw CLIError.badInput("cannot write \(output)") }
            FileHandle.standardError.write(Data("exported \(rows.count) posts to \(output)\n".utf8))
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}

/// One post as an import row.
struct ExportRow {
    var at: String
    var tz: String
    var to: [String]
    var text: String
    var lateness: String
    var mediaIDs: [String]
    var alts: [String]
    var textFor: [String: String]

    /// The time as its wall-clock reading with its offset (`2027-10-31T02:30:00+01:00`): readable, and exact even in
    /// the hour that happens twice when the clocks go back.
    init(_ post: PostView) {
        let offset = TimeZone(identifier: post.dueZone).map { $0.secondsFromGMT(for: post.dueAt ?? Date()) } ?? 0
        let sign = offset < 0 ? "-" : "+"
        at = post.dueLocal + String(format: "%@%02d:%02d", sign, abs(offset) / 3_600, abs(offset) % 3_600 / 60)
        tz = post.dueZone
        to = post.deliveries.map(\.account)
        text = post.text
        lateness = DurationParser.format(seconds: post.latenessLimitSeconds)
        mediaIDs = post.media.map(\.id)
        alts = post.media.map { $0.alt ?? "" }
        textFor = Dictionary(post.deliveries.compactMap { delivery in delivery.text.map { (delivery.account, $0) } }, uniquingKeysWith: { a, _ in a })
    }

    var object: [String: Any] {
        var object: [String: Any] = ["at": at, "tz": tz, "to": to, "text": text, "lateness": lateness]
        if !mediaIDs.isEmpty { object["media_id"] = mediaIDs; object["alt"] = alts }
        if !textFor.isEmpty { object["text_for"] = textFor }
        return object
    }
}
