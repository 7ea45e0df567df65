import Foundation

/// Runs seconds of synchronous work on a thread of its own, so the test does not hold one of the
/// cooperative pool's few threads that long (on 2 cores that starved other targets' timing tests).
/// Assertions stay on the test's task: `work` only computes.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// Why generating a fixture failed.
struct FixtureError: Error, CustomStringConvertible {
    var description: String
}
