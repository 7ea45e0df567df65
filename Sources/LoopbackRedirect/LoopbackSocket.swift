#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX socket calls the loopback listener needs, with their platform differences hidden.
///
/// Plain BSD sockets rather than SwiftNIO: the listener answers one browser request per
/// authorization, and this target stays free of a server framework.
enum LoopbackSocket {
    /// A TCP socket listening on 127.0.0.1, on a port the kernel picks (RFC 8252 section 7.3).
    static func listen(backlog: Int32 = 16) throws(LoopbackRedirectError) -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, streamType, 0)
        guard descriptor >= 0 else { throw failure("socket") }
        setCloseOnExec(descriptor)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, posixListen(descriptor, backlog) == 0 else {
            let error = failure("bind/listen")
            _ = posixClose(descriptor)
            throw error
        }
        var actual = sockaddr_in()
        var actualLength = length
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        guard named == 0 else {
            let error = failure("getsockname")
            _ = posixClose(descriptor)
            throw error
        }
        return (descriptor, Int(UInt16(bigEndian: actual.sin_port)))
    }

    /// A pipe whose write end wakes a thread blocked in `poll`; both ends non-blocking.
    static func wakePipe() throws(LoopbackRedirectError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw failure("pipe") }
        for end in ends {
            setCloseOnExec(end)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }

    /// Accepts one pending connection, or `nil` when none is waiting.
    static func accept(_ listener: Int32) -> Int32? {
        let connection = posixAccept(listener, nil, nil)
        guard connection >= 0 else { return nil }
        setCloseOnExec(connection)
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return connection
    }

    /// Reads up to `limit` bytes; empty at end of stream or on error.
    static func read(_ descriptor: Int32, limit: Int) -> [UInt8] {
        guard limit > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, limit, 0) }
        return count > 0 ? Array(buffer.prefix(count)) : []
    }

    /// Writes all of `bytes`, giving up quietly if the browser went away (no SIGPIPE).
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, noSignal) }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Writes one byte to wake the poller; a full pipe already means "wake up".
    static func wake(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = posixWrite(descriptor, &byte, 1)
    }

    /// Empties the wake pipe so old wake-ups do not end a later wait.
    static func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ posixRead(descriptor, $0.baseAddress, 64) }) > 0 {}
    }

    /// Which of `descriptors` are readable (or hung up) within `milliseconds`.
    static func poll(_ descriptors: [Int32], milliseconds: Int32) -> Set<Int32> {
        var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = fds.withUnsafeMutableBufferPointer { posixPoll($0.baseAddress, nfds_t($0.count), milliseconds) }
        guard ready > 0 else { return [] }
        return Set(fds.filter { $0.revents != 0 }.map(\.fd))
    }

    /// Stops a listening socket accepting: new connections are refused from now on, while the
    /// descriptor stays allocated until ``close(_:)`` (so a concurrent `poll` never sees a reused number).
    static func stopListening(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    static func close(_ descriptor: Int32) {
        _ = posixClose(descriptor)
    }

    private static func setCloseOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    private static func failure(_ call: String) -> LoopbackRedirectError {
        let code = errno
        let reason = String(cString: strerror(code))
        return LoopbackRedirectError(
            code: .transport,
            message: "could not open a loopback listener on 127.0.0.1: \(call) failed: \(reason)"
        )
    }

    #if canImport(Darwin)
    private static let streamType = SOCK_STREAM
    private static let noSignal: Int32 = 0
    #else
    private static let streamType = Int32(SOCK_STREAM.rawValue)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #endif
}

// The module-level POSIX functions, named apart from the methods above that shadow them.
private func posixListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func posixAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?) -> Int32 {
    accept(fd, address, length)
}
private func posixWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
private func posixRead(_ fd: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, bytes, count) }
private func posixPoll(_ fds: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ timeout: Int32) -> Int32 { poll(fds, count, timeout) }
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
