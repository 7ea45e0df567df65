import ServiceLifecycle

/// Pings systemd's watchdog while the daemon runs; stops with the rest on shutdown.
struct WatchdogService: Service, CustomStringConvertible {
    let notifier: SystemdNotifier
    let interval: Duration

    var description: String { "WatchdogService" }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                notifier.notify("WATCHDOG=1")
                try? await Task.sleep(for: interval)
            }
        }
    }
}
