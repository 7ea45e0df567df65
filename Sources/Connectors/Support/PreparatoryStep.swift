/// A step before the publishing request (an upload, a container, a status poll, a quota read) publishes nothing, so a
/// failure that may pass at once (a 5xx, a connection closed) is tried again within the attempt, a few times. A post
/// of many such steps (a carousel of three is a dozen requests) would otherwise rarely get through a bad hour: each
/// step's failure would cost the whole attempt and its backoff. What a step leaves behind when tried again (a second
/// upload, a second container) is never published, and the networks expire it.
///
/// Only `.retryable` failures are tried again: a refusal, a rate limit or a refused token ends the attempt as before.
enum PreparatoryStep {
    /// Tries in all, the first included.
    static let tries = 3

    static func run<T>(_ step: () async throws(ConnectorError) -> T) async throws(ConnectorError) -> T {
        var tried = 1
        while true {
            do {
                return try await step()
            } catch where error.code == .retryable && tried < tries {
                tried += 1
                // A moment's pause: the trouble of a network's bad second is often gone by the next.
                try? await Task.sleep(for: .milliseconds(100 * tried))
            }
        }
    }
}
