import Foundation

/// Checks, before parsing, that the path names a readable, non-empty file, so the error says which of those it is.
enum FileCheck {
    static func check(_ path: String) throws(RunFileError) {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RunFileError(path: path, problem: "the file does not exist")
        }
        guard !isDirectory.boolValue else {
            throw RunFileError(path: path, problem: "is a directory, not a GPX, TCX or FIT file")
        }
        guard files.isReadableFile(atPath: path) else {
            throw RunFileError(path: path, problem: "the file cannot be read (check its permissions)")
        }
        let size = (try? files.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        if size == 0 { throw RunFileError(path: path, problem: "the file is empty") }
    }
}
