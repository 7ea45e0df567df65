import Foundation

/// A program run to its end with `posix_spawn` and `waitpid`: what a shell does, so a benchmark times the program and
/// not the wait (Foundation's `Process.waitUntilExit` polls).
enum SpawnedProcess {
    /// Runs `argv` with standard output and error to `output`; its exit status.
    static func run(_ argv: [String], output: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, output, O_WRONLY, 0)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, &cArguments, environ)
        guard spawned == 0 else { throw BenchError("cannot start \(argv[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
