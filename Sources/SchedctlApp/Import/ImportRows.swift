import Foundation
import SchedulerCore

/// The rows of an import file, CSV or JSON, as schedule requests: the columns `at`, `to` and `text`, and
/// optionally `tz`, `media` (files, `|` between them, read relative to the file), `media_id` (files the daemon
/// has), `alt` (`|` between them), `lateness`, `repeat`, `series_start` (where a series that continues one began, as
/// `export` writes it), `visibility`, `content_warning` and `language` (Mastodon's and Bluesky's, as `schedule` takes
/// them) and `text_for.ACCOUNT`.
struct ImportRows {
    struct Row {
        var line: Int
        var values: [String: String]
    }

    static let required = ["at", "to", "text"]
    static let optional = ["tz", "media", "media_id", "alt", "lateness", "repeat", "series_start", "visibility", "content_warning", "language"]

    var rows: [Row]

    init(path: String) throws {
        let format = (path as NSString).pathExtension.lowercased()
        guard ["csv", "json"].contains(format) else { throw CLIError.badInput("\(path): import reads .csv and .json files") }
        let text = try LocalFile.text(path, what: "the import file")
        rows = format == "csv" ? try Self.csv(text, path: path) : try Self.json(Data(text.utf8), path: path)
    }

    private static func csv(_ text: String, path: String) throws -> [Row] {
        let table: CSVTable
        do { table = try CSVTable(parsing: text) } catch let error as CSVTable.ParseError {
            throw CLIError.badInput("\(path): \(error)")
        }
        try checkColumns(table.header, path: path)
        return table.rows.map { row in Row(line: row.line, values: Dictionary(zip(table.header, row.fields), uniquingKeysWith: { first, _ in first })) }
    }

    /// An array of objects with the same keys as the CSV's columns; `to`, `media`, `media_id` and `alt` may be
    /// arrays, and `text_for` an object by account. A row's "line" is its position in the array, from 1.
    private static func json(_ data: Data, path: String) throws -> [Row] {
        guard let array = try? JSONSerialization.jsonObject(with: data) as? [Any] else {
            throw CLIError.badInput("\(path): expected a JSON array of objects such as {\"at\": \"2027-03-01 07:30\", \"to\": \"x:@club\", \"text\": \"…\"}")
        }
        var rows: [Row] = []
        for (index, element) in array.enumerated() {
            guard let object = element as? [String: Any] else { throw CLIError.badInput("\(path): item \(index + 1) is not an object") }
            var values: [String: String] = [:]
            for (key, value) in object {
                switch (key, value) {
                case ("text_for", let byAccount as [String: Any]):
                    for (account, text) in byAccount { values["text_for." + account] = "\(text)" }
                case (_, let list as [Any]):
                    values[key] = list.map { "\($0)" }.joined(separator: key == "to" ? " " : "|")
                case (_, let string as String):
                    values[key] = string
                case (_, is NSNull):
                    continue
                default:
                    values[key] = "\(value)"
                }
            }
            try checkColumns(Array(values.keys), path: path, item: index + 1)
            // A string may hold "\r\n" escaped; it reaches the networks as the CSV's texts do, with "\n".
            rows.append(Row(line: index + 1, values: values.mapValues(LineEndings.normalized)))
        }
        return rows
    }

    private static func checkColumns(_ columns: [String], path: String, item: Int? = nil) throws {
        let place = item.map { "\(path) item \($0)" } ?? path
        for column in columns where !required.contains(column) && !optional.contains(column) && !column.hasPrefix("text_for.") {
            throw CLIError.badInput("\(place): unknown column '\(column)'; the columns are \((required + optional).joined(separator: ", ")) and text_for.ACCOUNT")
        }
        if item == nil, let missing = required.first(where: { !columns.contains($0) }) {
            throw CLIError.badInput("\(place): no '\(missing)' column; the first line names the columns, at least at,to,text")
        }
    }

    /// The row as a schedule request, its media files uploaded; a problem with the row itself throws a message.
    /// `zoneNamed`: `defaultZone` is `--tz`, not this machine's zone, which the daemon is told apart (a time typed with
    /// an offset keeps it unless the person named a zone).
    static func request(_ row: Row, defaultZone: String?, zoneNamed: Bool = true, directory: String, upload: (String) async throws -> String) async throws -> SchedulePostRequest {
        func value(_ key: String) -> String? {
            row.values[key].map(\.trimmingWhitespace).flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let at = value("at") else { throw CLIError.badInput("no time in 'at'") }
        let to = (value("to") ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard !to.isEmpty else { throw CLIError.badInput("no account in 'to'") }
        var overrides: [String: String] = [:]
        for (key, text) in row.values where key.hasPrefix("text_for.") && !text.isEmpty {
            overrides[String(key.dropFirst("text_for.".count))] = text
        }
        let alts = value("alt").map { $0.components(separatedBy: "|") } ?? []
        var media: [MediaReference] = []
        for id in value("media_id")?.components(separatedBy: "|") ?? [] {
            media.append(MediaReference(id: id.trimmingCharacters(in: .whitespaces)))
        }
        for file in value("media")?.components(separatedBy: "|") ?? [] {
            let trimmed = file.trimmingCharacters(in: .whitespaces)
            let path = trimmed.hasPrefix("/") ? trimmed : (directory as NSString).appendingPathComponent(trimmed)
            if let problem = LocalFile.problem(path, what: "the media file") { throw CLIError.badInput(problem) }
            media.append(MediaReference(id: try await upload(path), name: trimmed))
        }
        guard alts.count <= media.count else { throw CLIError.badInput("\(alts.count) alt texts for \(media.count) media") }
        for (index, alt) in alts.enumerated() where !alt.trimmingCharacters(in: .whitespaces).isEmpty { media[index].alt = alt }
        var request = SchedulePostRequest(text: row.values["text"] ?? "", to: to, at: at, tz: value("tz") ?? (zoneNamed ? defaultZone : nil), lateness: value("lateness"),
                                   overrides: overrides.isEmpty ? nil : overrides, media: media.isEmpty ? nil : media,
                                   repeatRule: value("repeat"), seriesStart: value("series_start"),
                                   visibility: value("visibility"), contentWarning: value("content_warning"), language: value("language"))
        if value("tz") == nil, !zoneNamed { request.clientTz = defaultZone }
        return request
    }
}
