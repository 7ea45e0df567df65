import Foundation
import SchedulerCore

/// Where a file goes once the inbox is done with it: `done/` when it became a post (or was one before), `failed/`
/// with `NAME.txt` beside it saying why. A name already there gets a number (`morning-2.fit`), so nothing is overwritten.
package struct InboxShelf: Sendable {
    package let folder: String

    package var done: String { (folder as NSString).appendingPathComponent("done") }
    package var failed: String { (folder as NSString).appendingPathComponent("failed") }

    /// The folder and its two shelves, made if missing (0750: the person's sync tool may run as another user of the group).
    package func prepare() throws {
        for path in [folder, done, failed] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o750])
        }
    }

    /// The names in the folder now, files only.
    package func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path(of: name), isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    package func path(of name: String) -> String { (folder as NSString).appendingPathComponent(name) }

    /// Moves the file to `done/`; returns where it went.
    @discardableResult
    package func moveToDone(_ name: String) throws -> String {
        try move(name, to: done)
    }

    /// Moves the file to `failed/` and writes why beside it, as `NAME.txt`.
    @discardableResult
    package func moveToFailed(_ name: String, reason: String, at now: Date) throws -> String {
        let destination = try move(name, to: failed)
        let note = "\(destination)\n\nnot posted (\(RFC3339.format(now))): \(reason)\n\nFix the cause and put the file back in the inbox to try again.\n"
        _ = FileManager.default.createFile(atPath: destination + ".txt", contents: Data(note.utf8), attributes: [.posixPermissions: 0o640])
        return destination
    }

    /// Removes what `failed/` keeps of an earlier try of `name` – the file and its `NAME.txt`, and the numbered copies
    /// (`NAME-2.fit`) later tries left – once a file of that name was posted (issue 48, item 12: the failure stayed there
    /// after the fixed file went out). Returns the names removed.
    @discardableResult
    package func clearFailed(_ name: String) -> [String] {
        let base = (name as NSString).deletingPathExtension
        let suffix = (name as NSString).pathExtension
        var removed: [String] = []
        var candidate = name
        var number = 2
        while FileManager.default.fileExists(atPath: (failed as NSString).appendingPathComponent(candidate)) {
            for stale in [candidate, candidate + ".txt"] where (try? FileManager.default.removeItem(atPath: (failed as NSString).appendingPathComponent(stale))) != nil {
                removed.append(stale)
            }
            candidate = suffix.isEmpty ? "\(base)-\(number)" : "\(base)-\(number).\(suffix)"
            number += 1
        }
        return removed
    }

    private func move(_ name: String, to shelf: String) throws -> String {
        let source = path(of: name)
        let base = (name as NSString).deletingPathExtension
        let suffix = (name as NSString).pathExtension
        var destination = (shelf as NSString).appendingPathComponent(name)
        var number = 2
        while FileManager.default.fileExists(atPath: destination) {
            destination = (shelf as NSString).appendingPathComponent(suffix.isEmpty ? "\(base)-\(number)" : "\(base)-\(number).\(suffix)")
            number += 1
        }
        try FileManager.default.moveItem(atPath: source, toPath: destination)
        return destination
    }
}
