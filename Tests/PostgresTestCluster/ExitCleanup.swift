import Foundation
import Synchronization
import TestSpawning

/// Stops the clusters still running when the test process ends, and removes their directories, so a test
/// run never leaves a server behind in /tmp.
///
/// Two ways, for two kinds of ending: an `atexit` handler for the ordinary one (`exit` once the tests have
/// run), which finishes before the process does; and a watchdog shell per cluster, in a session of its own,
/// that polls for the test process and cleans up after a crash, a SIGKILL or a Ctrl-C, which run no handlers.
enum ExitCleanup {
    /// A cluster's stop command (`pg_ctl stop -m immediate`, run as the server's owner), by its directory.
    private static let running = Mutex<[String: [String]]>([:])
    private static let installed = Mutex(false)

    static func register(directory: String, stop: [String]) {
        running.withLock { $0[directory] = stop }
        installed.withLock { installed in
            guard !installed else { return }
            installed = true
            atexit { ExitCleanup.stopAll() }
        }
    }

    static func unregister(directory: String) {
        _ = running.withLock { $0.removeValue(forKey: directory) }
    }

    /// Starts the watchdog for the cluster in `directory` and returns its pid; once the cluster is stopped,
    /// end it with `endWatchdog`.
    static func watchdog(directory: String, stop: [String]) throws -> pid_t {
        let script = """
            while kill -0 "$1" 2>/dev/null; do sleep 1; done
            dir="$2"; shift 2
            "$@" >/dev/null 2>&1
            rm -rf "$dir"
            """
        // Its own session, so the Ctrl-C that ends the tests does not end it too; output to /dev/null,
        // since `swift test` reads the test process's output to its end and would wait for this.
        return try spawn(["/bin/sh", "-c", script, "sh", String(getpid()), directory] + stop,
                         environment: ProcessInfo.processInfo.environment, newSession: true)
    }

    static func endWatchdog(_ pid: pid_t) async {
        kill(pid, SIGTERM)
        _ = await exitStatus(of: pid)
    }

    /// Runs in the atexit handler: plain posix_spawn and waitpid, no tasks.
    private static func stopAll() {
        let clusters = running.withLock { running in
            defer { running = [:] }
            return running
        }
        for (directory, stop) in clusters {
            if let pid = try? spawn(stop, environment: ProcessInfo.processInfo.environment) { _ = waitBlocking(pid) }
            try? FileManager.default.removeItem(atPath: directory)
        }
    }
}
