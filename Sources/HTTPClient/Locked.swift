import Foundation

/// A value shared between the loop thread and callers' threads, only ever touched under its lock.
///
/// A small class over `NSLock` rather than `Synchronization.Mutex`, which needs macOS 15 while the
/// package still declares macOS 14.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
