import Foundation
import Synchronization

/// A "slow loris" from outside the daemon: `count` connections that each send half a request head and nothing more,
/// each reopened as soon as the daemon closes it, until stopped. Plain sockets on a thread of its own, written apart from
/// the daemon's guard (issue 46).
final class ConnectionStorm: @unchecked Sendable {
    enum Target: Sendable, CustomStringConvertible {
        case tcp(host: String, port: UInt16)
        case unix(String)

        /// `127.0.0.1:PORT`, as the daemon logs a listener's address.
        static func tcp(_ address: String) -> Target {
            let parts = address.split(separator: ":")
            return .tcp(host: String(parts[0]), port: UInt16(parts[1])!)
        }

        var description: String {
            switch self {
            case .tcp(let host, let port): "\(host):\(port)"
            case .unix(let path): path
            }
        }
    }

    struct Counts: Sendable, CustomStringConvertible {
        var opened = 0
        var closedByDaemon = 0
        var failedToConnect = 0
        var held = 0
        var description: String { "opened \(opened), closed by the daemon \(closedByDaemon), failed to connect \(failedToConnect), held \(held)" }
    }

    let target: Target
    let count: Int
    private let stopping = Atomic<Bool>(false)
    private let counts = Mutex(Counts())
    private let finished = DispatchSemaphore(value: 0)

    init(_ target: Target, count: Int) {
        self.target = target
        self.count = count
        Self.raiseDescriptorLimit()
        Thread.detachNewThread { [self] in
            run()
            finished.signal()
        }
    }

    var current: Counts { counts.withLock { $0 } }

    /// Stops, closes every connection, and says what happened.
    @discardableResult
    func stop() -> Counts {
        stopping.store(true, ordering: .relaxed)
        finished.wait()
        return current
    }

    private func run() {
        var sockets: [Int32] = []
        defer { sockets.forEach { _ = close($0) } }
        while !stopping.load(ordering: .relaxed) {
            while sockets.count < count, !stopping.load(ordering: .relaxed) {
                guard let fd = open() else { break }
                sockets.append(fd)
            }
            var polled = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), 50) > 0 else { continue }
            var closed = Set<Int32>()
            var scratch = [UInt8](repeating: 0, count: 512)
            for entry in polled where entry.revents != 0 {
                // The daemon sends nothing to a connection waiting for its head: readable means closed (EOF or reset).
                let read = recv(entry.fd, &scratch, scratch.count, Int32(MSG_DONTWAIT))
                if read <= 0 {
                    close(entry.fd)
                    closed.insert(entry.fd)
                }
            }
            sockets.removeAll { closed.contains($0) }
            counts.withLock { $0.closedByDaemon += closed.count; $0.held = sockets.count }
        }
    }

    /// One connection with half a request head sent, or nil when it could not be made.
    private func open() -> Int32? {
        let fd: Int32
        let connected: Int32
        switch target {
        case .tcp(let host, let port):
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case .unix(let path):
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                raw.copyBytes(from: Array(path.utf8))
                raw[path.utf8.count] = 0
            }
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        }
        let half = Array("GET /v1/status HTTP/1.1\r\nHost: storm\r\nX-Slow: ".utf8)
        guard fd >= 0, connected == 0, send(fd, half, half.count, Int32(MSG_NOSIGNAL)) == half.count else {
            if fd >= 0 { close(fd) }
            counts.withLock { $0.failedToConnect += 1 }
            return nil
        }
        counts.withLock { $0.opened += 1 }
        return fd
    }

    /// Three storms of a thousand need three thousand descriptors here.
    private static func raiseDescriptorLimit() {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
