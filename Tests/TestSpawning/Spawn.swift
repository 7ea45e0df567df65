import Foundation

/// Starting programs with posix_spawn and waiting for them with waitpid, rather than with Foundation's
/// `Process`: on Linux, `Process` learns that a child ended when a socket it hands the child reaches end of
/// file, and every descendant inherits that socket. pg_ctl leaves the server running with it, so
/// `terminationHandler` and `waitUntilExit` never return for `pg_ctl start`, and the server would keep other
/// tests' children "running" too. And `waitUntilExit` spins a run loop with no sources on the calling thread:
/// called from a test's task it held both of the cooperative pool's threads at 100 % for 20 minutes, every other
/// test starved, until the unit pass was killed (issue 49). Here the child gets exactly stdin, stdout and stderr,
/// and nothing else, and it is waited for on a thread of its own.
///
/// Shared by the PostgreSQL servers the tests start and the HTTP client's Python test server.

/// Why a program could not be started.
package struct SpawnError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// Starts `arguments[0]` (an absolute path) with `arguments`, stdin, stdout and stderr on the given descriptors
/// (/dev/null when nil), in `directory` (`/` unless given), with default signal handling; `newSession` puts it
/// in a session of its own, away from the terminal's Ctrl-C. Returns its pid, to wait for with `exitStatus`.
package func spawn(_ arguments: [String], environment: [String: String], stdin: Int32? = nil, stdout: Int32? = nil,
                   stderr: Int32? = nil, directory: String = "/", newSession: Bool = false) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, source) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
        if let source {
            posix_spawn_file_actions_adddup2(&actions, source, target)
        } else {
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        }
    }
    closeTheRest(&actions)
    // By default somewhere every user may enter: as root, the test's own directory may be closed to the postgres user.
    if let addchdir = GNU.addchdir {
        _ = addchdir(&actions, directory)
    } else if directory != "/" {
        throw SpawnError("could not start \(arguments[0]) in \(directory): this C library has no posix_spawn_file_actions_addchdir_np")
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Swift programs ignore SIGPIPE, and an ignored signal stays ignored across exec.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | (newSession ? GNU.setsid : 0))

    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var pid = pid_t()
    let error = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard error == 0 else {
        throw SpawnError("could not start \(arguments[0]): \(String(cString: strerror(error)))")
    }
    return pid
}

/// Waits for `pid` on a thread of its own, away from the cooperative pool (2 threads on 2 cores), and
/// returns its wait status.
package func exitStatus(of pid: pid_t) async -> Int32 {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(returning: waitBlocking(pid))
        }
    }
}

/// A wait status decoded as <sys/wait.h> does: the low 7 bits are the signal, the next 8 the exit code. `status` is
/// the exit code, or the signal's number when `signaled` (as Foundation's `terminationStatus` says it).
package func decodeWaitStatus(_ wait: Int32) -> (status: Int32, signaled: Bool) {
    let signal = wait & 0x7F
    return (signal == 0 ? (wait >> 8) & 0xFF : signal, signal != 0)
}

/// waitpid, again when a signal interrupts it; for the atexit handler, where no task may run.
package func waitBlocking(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
        guard errno == EINTR else { return -1 }
    }
    return status
}

/// A pipe whose ends close on exec, so only the child it is handed to (by dup2) holds it.
package func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    let made = GNU.pipe2.map { $0(&fds, O_CLOEXEC) } ?? {
        let made = pipe(&fds)
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return made
    }()
    guard made == 0 else { throw SpawnError("could not make a pipe: \(String(cString: strerror(errno)))") }
    return (fds[0], fds[1])
}

/// Closes every descriptor above stderr in the child: the test process holds sockets and files that are
/// not close-on-exec, and a server that inherited one would hold it for as long as it runs.
private func closeTheRest(_ actions: inout posix_spawn_file_actions_t) {
    if let closefrom = GNU.addclosefrom {
        _ = closefrom(&actions, 3)
        return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap({ Int32($0) }) where fd > 2 {
        posix_spawn_file_actions_addclose(&actions, fd)
    }
}

/// glibc's extensions, which the Swift Glibc module does not import: looked up at run time, each
/// optional, with a fallback where one is missing (posix_spawn_file_actions_addclosefrom_np came in 2.34).
private enum GNU {
    typealias FileActionInt = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias FileActionPath = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    static let addclosefrom: FileActionInt? = symbol("posix_spawn_file_actions_addclosefrom_np")
    static let addchdir: FileActionPath? = symbol("posix_spawn_file_actions_addchdir_np")
    static let pipe2: Pipe2? = symbol("pipe2")
    /// POSIX_SPAWN_SETSID, glibc 2.26 and later.
    static let setsid: Int16 = 0x80

    private static func symbol<T>(_ name: String) -> T? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: T.self)
    }
}
