import Foundation
import SchedulerDomain

/// Reads the small files the daemon needs before it starts (the configuration, the credential key) and says
/// exactly why one cannot be read. `FileManager.contents(atPath:)` only returns nil and leaves `errno` to
/// chance, so a directory or an unreadable file used to be reported as "No such file or directory".
package enum StartupFile {
    /// Why a file cannot be read, phrased to follow "cannot read FILE: ".
    package struct Problem: Error, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// The whole file, or the reason it cannot be read ("No such file or directory", "it is a directory, not a file").
    package static func read(_ path: String, atMost limit: Int = 16 << 20) -> Result<[UInt8], Problem> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(Problem(String(cString: strerror(errno)))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(Problem("it is a directory, not a file"))
        default: return .failure(Problem("it is not a regular file"))
        }
        guard Int(info.st_size) <= limit else { return .failure(Problem("it is \(info.st_size) bytes, far larger than any such file")) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(Problem(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(Problem(String(cString: strerror(errno)))) }
            if count == 0 { return .success(bytes) }
            bytes += chunk.prefix(count)
            guard bytes.count <= limit else { return .failure(Problem("it is far larger than any such file")) }
        }
    }
}
