import Foundation
import SchedctlOutput
import SchedulerCore

/// Writing results: JSON exactly as the daemon sent it (pretty-printed); the texts for people are SchedctlOutput's.
enum Output {
    /// The daemon's answer as it came, indented (its keys are sorted already).
    static func json(_ data: Data) {
        print(JSONIndent.pretty(data))
    }

    static func json(_ value: some Encodable) throws {
        print(String(decoding: try JSONCoding.encoder(pretty: true).encode(value), as: UTF8.self))
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

    /// The wall-clock time in the post's own zone, or "draft" for a post that has none yet.
    static func due(_ post: PostView) -> String { PostListText.due(post) }
}
