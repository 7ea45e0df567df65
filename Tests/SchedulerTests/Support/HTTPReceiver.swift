import Foundation

/// A loopback HTTP server on a chosen port that answers every request 204 and keeps what it got, in the
/// order it arrived: enough to see what a webhook really sent over a socket, and an endpoint that can come
/// up after the daemon started sending.
final class HTTPReceiver: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var requests: [String] = []
    private var stopped = false

    /// A port nothing listens on (bound, then released): a webhook that is down.
    static func unusedPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    init(port: Int) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: port)
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 16) == 0 }
        }
        guard bound else { close(fd); throw CocoaError(.fileWriteUnknown) }
        listener = fd
        self.port = port
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// The requests received so far (request line, headers and body), oldest first.
    var received: [String] { lock.withLock { requests } }

    /// The request bodies received so far, oldest first.
    var bodies: [String] { received.compactMap { $0.components(separatedBy: "\r\n\r\n").last } }

    func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            if lock.withLock({ stopped }) { close(connection); return }
            let request = readRequest(connection)
            let reply = "HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            _ = reply.withCString { write(connection, $0, strlen($0)) }
            close(connection)
            lock.withLock { requests.append(request) }
        }
    }

    private func readRequest(_ connection: Int32) -> String {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
            let text = String(decoding: data, as: UTF8.self)
            if let headerEnd = text.range(of: "\r\n\r\n") {
                let headers = text[..<headerEnd.lowerBound].lowercased()
                let length = headers.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text[..<headerEnd.upperBound].utf8.count >= length { break }
            }
        }
        return String(decoding: data, as: UTF8.self)
    }
}
