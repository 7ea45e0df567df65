import ArgumentParser
import Foundation
import SchedulerCore

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
            FileHandle.standardError.write(Data("exported \(Counted.of(rows.count, "post")) to \(output)\n".utf8))
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}
