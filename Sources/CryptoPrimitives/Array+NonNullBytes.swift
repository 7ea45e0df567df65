extension Array where Element == UInt8 {
    /// Calls `body` with a pointer that is never NULL, even for an empty array.
    ///
    /// Some libcrypto entry points (HMAC with an empty key) treat a NULL pointer as "no key"
    /// rather than "zero-length key"; Swift hands out NULL for empty arrays.
    func withNonNullBytes<R>(_ body: (UnsafePointer<UInt8>, Int) throws -> R) rethrows -> R {
        if isEmpty {
            var zero: UInt8 = 0
            return try body(&zero, 0)
        }
        return try withUnsafeBufferPointer { try body($0.baseAddress!, $0.count) }
    }
}
