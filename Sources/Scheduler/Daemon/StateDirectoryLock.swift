import Foundation

/// One schedulerd per state directory: an exclusive `flock` on `state_dir/schedulerd.lock`, taken before the
/// database is opened or anything is recovered, and held by an open descriptor for the life of the process.
///
/// Without it a second daemon started on the same directory would first "recover" the running one's claims
/// (turning deliveries it is publishing back into look-ups) and mark accounts for relinking, and only then
/// find the socket in use. The kernel drops the lock when the process dies, however it dies, so a stale
/// lock file never blocks a restart. The holder's pid is written into the file, only to be named in the
/// refusal; the lock itself, not the file's content, decides.
package final class StateDirectoryLock: Sendable {
    /// The lock file's name inside the state directory.
    package static let fileName = "schedulerd.lock"

    private let descriptor: Int32
    package let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// Takes the lock or throws without waiting: `.held` when another process has it.
    package static func acquire(stateDirectory: String) throws(StateDirectoryLockError) -> StateDirectoryLock {
        let path = (stateDirectory as NSString).appendingPathComponent(fileName)
        // O_CLOEXEC: a hook command started by this daemon must not inherit (and outlive it holding) the lock.
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw StateDirectoryLockError(.unusable, "cannot open the lock file \(path): \(String(cString: strerror(errno))); "
                + "check that the state directory belongs to the user running schedulerd")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            let holder = readHolder(fd)
            close(fd)
            if reason == EWOULDBLOCK {
                let who = holder.map { " (pid \($0))" } ?? ""
                throw StateDirectoryLockError(.held, "another schedulerd\(who) is running on the state directory \(stateDirectory); "
                    + "stop it first or use another --state-dir. Nothing was changed")
            }
            throw StateDirectoryLockError(.unusable, "cannot lock \(path): \(String(cString: strerror(reason)))")
        }
        let pid = "\(getpid())\n"
        if ftruncate(fd, 0) == 0 {
            _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
        }
        return StateDirectoryLock(descriptor: fd, path: path)
    }

    /// The pid the holder wrote, if it did.
    private static func readHolder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(fd, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Closing the descriptor releases the lock; the file stays (removing it would race a starting daemon).
    deinit { close(descriptor) }
}

/// The state directory cannot be locked; the message says which directory and what to do.
package struct StateDirectoryLockError: Error, Sendable, CustomStringConvertible {
    package enum Kind: Sendable { case held, unusable }
    package var kind: Kind
    package var message: String
    package init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }
    package var description: String { message }
}
