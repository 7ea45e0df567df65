import ArgumentParser
import Foundation
import SchedulerCore

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write posts as `schedctl import` reads them back (CSV or JSON), on standard output or to a file.",
        discussion: """
            Times are written as wall-clock times with their zone. A repeating post is one row: its next occurrence, \
            its rule (repeat) and the start its numbers count from (series_start), so an import continues it. With \
            --media-dir DIR, each attached file is written to DIR and the rows name it (media, relative to the export), \
            so another daemon can import them; without it, rows name the files this daemon keeps (media_id).
            Example: schedctl export -o week.csv --media-dir week-media
            """)

    @Option(help: "Which posts: pending (default), all, or a delivery state.")
    var state = "pending"

    @Option(help: "csv (default) or json; --json is --format json.")
    var format: String?

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Option(name: .customLong("media-dir"), help: "Write the posts' files into this directory, for an import on another daemon.")
    var mediaDir: String?

    @OptionGroup var options: GlobalOptions

    /// The format written: --format's, else JSON with --json (issue 48, item 5: it printed CSV), else CSV.
    var writtenFormat: String { format ?? (options.json ? "json" : "csv") }

    func validate() throws {
        if let format, !["csv", "json"].contains(format) { throw ValidationError("--format is csv or json, not '\(format)'") }
        if options.json, format == "csv" { throw ValidationError("--json writes the rows as JSON; give --json or --format csv, not both") }
        guard StateFilter(name: state) != nil else {
            throw ValidationError("unknown state '\(state)'; use one of \(StateFilter.acceptedNames.joined(separator: ", "))")
        }
    }

    func run() async throws {
        let client = options.client()
        var posts: [PostView] = []
        var cursor: String?
        repeat {
            let page = try await client.posts("state=\(state)&limit=1000" + (cursor.map { "&after=\($0)" } ?? ""))
            posts += page.posts
            cursor = page.nextCursor
        } while cursor != nil
        let timed = posts.filter { $0.dueAt != nil }.sorted { ($0.dueAt!, $0.id) < ($1.dueAt!, $1.id) }
        if timed.count < posts.count {
            FileHandle.standardError.write(Data("\(Counted.of(posts.count - timed.count, "draft")) left out: a row needs a time\n".utf8))
        }
        var rows = ExportRow.rows(timed)
        if let mediaDir {
            let base = output.map { ($0 as NSString).deletingLastPathComponent } ?? ""
            try await MediaExport(directory: mediaDir, relativeTo: base.isEmpty ? "." : base, client: client).write(&rows)
        } else if rows.contains(where: { !$0.mediaIDs.isEmpty }) {
            FileHandle.standardError.write(Data(("note: the files are named by media_id, which only this daemon keeps; "
                + "give --media-dir DIR to write them out for an import elsewhere\n").utf8))
        }
        let text = writtenFormat == "json" ? try Self.json(rows) : Self.csv(rows)
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else {
                throw CLIError(exitCode: ExitCodes.failure, message: "cannot write \(output): \(String(cString: strerror(errno)))")
            }
            FileHandle.standardError.write(Data("exported \(Counted.of(rows.count, "row")) to \(output)\n".utf8))
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    static func json(_ rows: [ExportRow]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: rows.map(\.object), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]),
               as: UTF8.self) + "\n"
    }

    /// The columns every row has, then `repeat` and `series_start` when a series is among them, `visibility`,
    /// `content_warning` and `language` when a post has one, then one text_for.ACCOUNT column per account with a text of
    /// its own.
    static func csv(_ rows: [ExportRow]) -> String {
        let accounts = Array(Set(rows.flatMap { $0.textFor.keys })).sorted()
        let files = rows.contains { !$0.mediaPaths.isEmpty }
        let series = rows.contains { $0.repeatRule != nil }
        let options = rows.contains { !$0.options.isEmpty }
        let header = ["at", "tz", "to", "text", "lateness", files ? "media" : "media_id", "alt"] + (series ? ["repeat", "series_start"] : [])
            + (options ? ["visibility", "content_warning", "language"] : []) + accounts.map { "text_for." + $0 }
        return CSVTable.write(header: header, rows: rows.map { row in
            [row.at, row.tz, row.to.joined(separator: " "), row.text, row.lateness,
             (files ? row.mediaPaths : row.mediaIDs).joined(separator: "|"), row.alts.joined(separator: "|")]
                + (series ? [row.repeatRule ?? "", row.seriesStart ?? ""] : []) + (options ? row.optionColumns.map(\.value) : [])
                + accounts.map { row.textFor[$0] ?? "" }
        })
    }
}
