import ServiceLifecycle

/// A background pass run at once and then every `interval` until the daemon shuts down: the media sweep, the daily
/// token and instance-limit passes. A pass under way when the shutdown comes finishes; no new one starts.
package func repeatEvery(_ interval: Duration, _ pass: @escaping @Sendable () async -> Void) async {
    try? await cancelWhenGracefulShutdown {
        while !Task.isCancelled {
            await pass()
            try await Task.sleep(for: interval)
        }
    }
}
