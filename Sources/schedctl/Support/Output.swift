import Foundation
import SchedulerCore

/// Writing results: JSON exactly as the daemon sent it (pretty-printed), or aligned tables for people.
enum Output {
    static func json(_ data: Data) {
        if let object = try? JSONSerialization.jsonObject(with: data),
           let pretty = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) {
            print(String(decoding: pretty, as: UTF8.self))
        } else {
            print(String(decoding: data, as: UTF8.self))
        }
    }

    static func json(_ value: some Encodable) throws {
        print(String(decoding: try JSONCoding.encoder(pretty: true).encode(value), as: UTF8.self))
    }

    /// Columns padded to their widest cell; the last column is left ragged.
    static func table(_ header: [String], _ rows: [[String]]) {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        for row in all {
            let cells = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }
            print(cells.joined(separator: "  "))
        }
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data("schedctl: \(message)\n".utf8))
    }

    /// An error for scripts (`--json`): `{"error": MESSAGE, "problems": [...]}` on standard output, problems
    /// one per entry as the daemon listed them (an empty array when there was one problem, or none).
    static func jsonError(_ message: String, problems: [String]) {
        struct ErrorObject: Encodable { var error: String; var problems: [String] }
        try? json(ErrorObject(error: message, problems: problems))
    }

    /// One line of text, shortened for a table cell.
    static func snippet(_ text: String, _ limit: Int = 48) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.count > limit ? String(flat.prefix(limit - 1)) + "…" : flat
    }

    /// `2026-11-21 07:30 Europe/Paris`: the time as the person gave it.
    /// `instant` as `yyyy-MM-dd HH:mm` in `zone` (UTC when it is unknown).
    static func local(_ instant: Date, zone: String?) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        return String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
    }

    /// The wall-clock time in its zone, or "draft" for a post that has none yet.
    static func due(_ post: PostView) -> String {
        guard post.dueAt != nil else { return "draft (\(post.dueZone))" }
        return post.dueLocal.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: ":00$", with: "", options: .regularExpression)
            + " " + post.dueZone
    }
}
