import Foundation

/// Processes as `/proc` shows them: a daemon's children, what they run, and whether they have ended.
enum ProcessTable {
    /// The pids whose parent is `parent`, with their command name.
    static func children(of parent: Int32) -> [(pid: Int32, name: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = Int32(entry), let stat = stat(of: pid), stat.parent == parent else { return nil }
            return (pid, stat.name)
        }
    }

    /// The executable `pid` runs, symlinks resolved.
    static func executable(of pid: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    }

    /// The path `pid` was called by (its `argv[0]`): for the one program, the name that decided what it runs.
    static func calledAs(_ pid: Int32) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
        return data.split(separator: 0, omittingEmptySubsequences: false).first.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `pid` has ended: gone from `/proc`, or a zombie its new parent has not reaped yet.
    static func hasEnded(_ pid: Int32) -> Bool {
        guard let stat = stat(of: pid) else { return true }
        return stat.state == "Z" || stat.state == "X"
    }

    /// Name, state and parent from `/proc/PID/stat`: `pid (name) S ppid …`, the name possibly holding spaces or `)`.
    private static func stat(of pid: Int32) -> (name: String, state: Character, parent: Int32)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count >= 2, let state = fields[0].first, let parent = Int32(fields[1]) else { return nil }
        return (String(text[text.index(after: open)..<close]), state, parent)
    }
}
