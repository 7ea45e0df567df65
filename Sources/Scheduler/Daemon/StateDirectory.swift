import Foundation

/// The state directory made ready before anything is read from it: created (mode 0700) when missing, and refused,
/// saying why in the system's words, when it cannot be used. Exits 74 (EX_IOERR) as the exit-code table (docs/using-schedctl.md) says for a
/// database or state directory that cannot be used (issue 25, bug 11: it exited 78, as for a configuration error).
package enum StateDirectory {
    package static func prepare(_ path: String) throws(StateDirectoryError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw StateDirectoryError("the state directory \(path) is a file, not a directory; give --state-dir (or state_dir) a directory")
            }
        } else if let problem = makeDirectories(path) {
            throw StateDirectoryError("cannot create the state directory \(path): \(problem)")
        }
        guard access(path, R_OK | W_OK | X_OK) == 0 else {
            throw StateDirectoryError("the state directory \(path) cannot be used by this user (\(String(cString: strerror(errno)))); "
                + "give it to the user running schedulerd, or choose another --state-dir")
        }
    }

    /// `mkdir -p` with the modes a state directory needs; the reason in the system's words when it fails.
    private static func makeDirectories(_ path: String) -> String? {
        let parent = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if !parent.isEmpty, parent != path {
            if FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) {
                guard isDirectory.boolValue else { return "\(parent) is a file, not a directory" }
            } else if let problem = makeDirectories(parent) {
                return problem
            }
        }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            return "\(String(cString: strerror(errno))) (\(path))"
        }
        return nil
    }
}

/// Why the state directory cannot be used; the message says what to change.
package struct StateDirectoryError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
