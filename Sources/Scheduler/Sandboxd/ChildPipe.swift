import Foundation

/// A channel to one of a child's standard streams whose both ends close on exec: the child gets `theirs` as fd 0 or 1
/// (a duplicate, which stays open), and no other program this daemon starts (a hook command) inherits either end. An
/// inherited end would keep the channel open after the daemon died, and the child running.
///
/// A connected socket pair rather than a pipe: Glibc's Swift module has no `pipe2`, and marking a pipe close-on-exec
/// after `pipe()` leaves a moment in which a command started on another thread inherits it. End of file works the same.
package struct ChildPipe {
    /// The daemon's end.
    package let ours: FileHandle
    /// The end given to the child.
    package let theirs: FileHandle

    package init(purpose: String) throws {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw SandboxdError(.cannotStart, "sandbox mode could not make a channel for sandboxd's \(purpose): \(String(cString: strerror(errno)))")
        }
        ours = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        theirs = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }
}
