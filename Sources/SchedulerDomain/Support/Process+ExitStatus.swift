import Foundation

extension Process {
    /// The child's exit status, delivered once it exits, for awaiting without a blocked thread (`waitUntilExit` blocks
    /// one). Call before `run()`: it takes the process's `terminationHandler`.
    package func exitStatus() -> AsyncStream<Int32> {
        let (statuses, continuation) = AsyncStream.makeStream(of: Int32.self, bufferingPolicy: .bufferingNewest(1))
        terminationHandler = { finished in
            continuation.yield(finished.terminationStatus)
            continuation.finish()
        }
        return statuses
    }
}
