import Foundation
import Logging

/// `--exit-with-stdin`: ends sandboxd when its standard input reaches end of file.
///
/// A parent that holds the only other end of that pipe (or socket) ends sandboxd by exiting, however it exits: the
/// kernel closes its end even after a SIGKILL, which no signal handler in the parent could do. `schedulerd --sandbox`
/// relies on it so its sandbox never outlives it.
enum StandardInputWatch {
    /// Reads standard input on a thread of its own (a blocking read must not hold one of the concurrency pool's few
    /// threads) and exits the process at end of file or on a read error.
    static func start(logger: Logger) {
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 512)
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count > 0 || (count < 0 && errno == EINTR) { continue }
                break
            }
            logger.notice("standard input closed: the parent process is gone; exiting")
            // At once, without a graceful shutdown: what the emulations hold was for that parent.
            _exit(0)
        }
        thread.name = "sandboxd stdin watch"
        thread.start()
    }
}
