import Foundation
import Logging
import SandboxContract
import SchedulerCore
import ServiceLifecycle
import Synchronization

/// `sandboxd` as a child of the daemon: started in sandbox mode when no network URLs are configured, so that the
/// emulations run in a process of their own (the same program by its other name) and the daemon's library has no
/// emulation code, and run as a `Service` that stops it with the daemon's other auxiliary services.
///
/// It never outlives the daemon. Its standard input is a channel whose other end only this process holds (close-on-exec,
/// so no hook command inherits it), and `--exit-with-stdin` ends it when that end closes, which the kernel does however
/// the daemon dies, SIGKILL included. A graceful shutdown sends it SIGTERM, and SIGKILL after ``stopDeadline``.
package final class SandboxdProcess: Service, CustomStringConvertible {
    /// How long a start may take to announce its URLs: a debug build on a busy two-core machine needs a while.
    package static let announceDeadline: Duration = .seconds(30)
    /// How long SIGTERM is given before SIGKILL.
    package static let stopDeadline: Duration = .seconds(10)

    /// Each emulation's base URL by network name (`x`, `facebook`, `linkedin`), as sandboxd announced them.
    package let urls: [String: String]
    /// This start's identity, as sandboxd announced it (nil from an older sandboxd): new at every start, for the
    /// emulations forget their tokens when they stop.
    package let instance: String?
    package let path: String
    package var pid: Int32 { process.processIdentifier }
    package var description: String { "sandboxd" }

    private let process: Process
    /// Our end of the child's standard input: never written, only held, so that it closes when the daemon ends.
    private let lifeline: FileHandle
    /// The child's standard output after the announcement, read to its end.
    private let output: AsyncStream<String>
    /// The child's exit status, once it has exited.
    private let exits: AsyncStream<Int32>
    private let logger: Logger
    /// Set once it has exited on its own: what `status` and `doctor` say instead of "cannot connect" (issue 46).
    private let exited = Mutex<StatusView.SandboxGone?>(nil)

    /// The emulated Mastodon instances' base URLs by the domain each calls itself (`mastodon.sandbox`), so that
    /// `--instance mastodon.sandbox` reaches the instance whose handles end so.
    package var mastodonInstances: [String: String] {
        var instances: [String: String] = [:]
        for (host, domain) in SandboxAnnouncement.mastodonDomains { instances[domain] = urls[host] }
        return instances
    }

    /// Nil while it runs (or stops with the daemon); after it exited on its own, when and how, and what to do.
    package var gone: StatusView.SandboxGone? { exited.withLock { $0 } }

    /// A child already started and announced; see ``launch(arguments:environment:logger:)``.
    package init(urls: [String: String], instance: String? = nil, path: String, process: Process, lifeline: FileHandle, output: AsyncStream<String>,
         exits: AsyncStream<Int32>, logger: Logger) {
        self.urls = urls
        self.instance = instance
        self.path = path
        self.process = process
        self.lifeline = lifeline
        self.output = output
        self.exits = exits
        self.logger = logger
    }

    /// Reads the child's output to its end while it runs, and stops it at a graceful shutdown (or cancellation).
    /// If it exits on its own, that is logged as an error and the service waits for the daemon's shutdown, so the
    /// daemon keeps serving (publishing to the sandbox fails and is retried) and still stops cleanly.
    package func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.stopAtShutdown() }
            for await line in output {
                logger.debug("sandboxd wrote to standard output", metadata: ["sandboxd.output": "\(line)"])
            }
            let status = await exits.first { _ in true }
            if Task.isShuttingDownGracefully || Task.isCancelled {
                logger.debug("sandboxd stopped", metadata: ["sandboxd.status": "\(status.map(String.init) ?? "unknown")"])
                group.cancelAll()
                return
            }
            let how = status.map { process.terminationReason == .uncaughtSignal ? "killed by signal \($0)" : "exit status \($0)" } ?? "for an unknown reason"
            exited.withLock {
                $0 = StatusView.SandboxGone(exitedAt: Date(), how: how,
                                            action: "restart schedulerd (`systemctl restart schedulerd`, or stop it and start `schedulerd --sandbox` again) "
                                                + "to start the sandbox networks again; posts to them are retried meanwhile")
            }
            logger.error("sandboxd exited on its own: the sandbox networks are gone until schedulerd restarts",
                         metadata: ["sandboxd.pid": "\(pid)", "sandboxd.status": "\(how)"])
            try? await gracefulShutdown()
            group.cancelAll()
        }
    }

    /// Waits for a graceful shutdown, then sends SIGTERM and, if the child is still running after ``stopDeadline``,
    /// SIGKILL. Cancelled (the daemon torn down, or the child already gone): SIGKILL at once if it still runs.
    private func stopAtShutdown() async {
        do {
            try await gracefulShutdown()
        } catch {
            if process.isRunning { kill(pid, SIGKILL) }
            return
        }
        guard process.isRunning else { return }
        kill(pid, SIGTERM)
        do { try await Task.sleep(for: Self.stopDeadline) } catch { return }
        if process.isRunning {
            logger.warning("sandboxd did not stop after SIGTERM; killing it", metadata: ["sandboxd.pid": "\(pid)"])
            kill(pid, SIGKILL)
        }
    }
}
