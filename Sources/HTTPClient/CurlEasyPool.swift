import CCurl

/// Idle easy handles kept for the next request, loop thread only.
///
/// Connections live in the multi handle's cache whichever easy handle used them; reusing easy
/// handles additionally saves their allocations and keeps per-handle state such as TLS session IDs.
/// `curl_easy_reset` runs when a handle comes back, so an idle handle never points at a finished
/// transfer's buffers.
struct CurlEasyPool {
    private var idle: [UnsafeMutableRawPointer] = []
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// An idle handle, or a new one; nil only if libcurl cannot allocate.
    mutating func take() -> UnsafeMutableRawPointer? {
        idle.popLast() ?? curl_easy_init()
    }

    mutating func recycle(_ easy: UnsafeMutableRawPointer) {
        curl_easy_reset(easy)
        if idle.count < capacity {
            idle.append(easy)
        } else {
            curl_easy_cleanup(easy)
        }
    }

    mutating func removeAll() {
        idle.forEach(curl_easy_cleanup)
        idle.removeAll()
    }
}
