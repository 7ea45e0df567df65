import Foundation
import SchedulerCore

/// The person's files and standard input, read in one place: a file that cannot be read is refused naming it and
/// saying why as the system says it (no such file, permission denied, is a directory), and text comes with its line
/// endings normalised (``LineEndings``) and without the byte-order mark Windows editors put first.
enum LocalFile {
    /// The whole file. `what` names it in the refusal: "the media file", "the thread file".
    static func bytes(_ path: String, what: String) throws -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw unreadable(path, what: what, errno) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { throw unreadable(path, what: what, EISDIR) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw unreadable(path, what: what, errno) }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Why the file cannot be read, for `validate()`; nil when it can be opened.
    static func problem(_ path: String, what: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return unreadable(path, what: what, errno).message }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return unreadable(path, what: what, EISDIR).message }
        return nil
    }

    /// The file as UTF-8 text, line endings normalised.
    static func text(_ path: String, what: String) throws -> String {
        try text(bytes(path, what: what), source: "\(what) \(path)")
    }

    /// Standard input as UTF-8 text, line endings normalised.
    static func standardInput() throws -> String {
        try text(FileHandle.standardInput.readDataToEndOfFile(), source: "standard input")
    }

    private static func text(_ data: Data, source: String) throws -> String {
        guard var text = String(data: data, encoding: .utf8) else { throw CLIError.badInput("\(source) is not UTF-8 text") }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return LineEndings.normalized(text)
    }

    private static func unreadable(_ path: String, what: String, _ code: Int32) -> CLIError {
        CLIError.badInput("cannot read \(what) \(path): \(String(cString: strerror(code)))")
    }
}
