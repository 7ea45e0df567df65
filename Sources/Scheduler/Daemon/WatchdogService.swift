import ServiceLifecycle

/// Pings systemd's watchdog while the daemon runs; stops with the rest on shutdown.
package struct WatchdogService: Service, CustomStringConvertible {
    package let notifier: SystemdNotifier
    package let interval: Duration

    package var description: String { "WatchdogService" }

    package func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                notifier.notify("WATCHDOG=1")
                try? await Task.sleep(for: interval)
            }
        }
    }
}
