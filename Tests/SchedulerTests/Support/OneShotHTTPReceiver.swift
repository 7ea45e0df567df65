import Foundation

/// A loopback HTTP server that takes exactly one request, answers 204, and hands back what it got:
/// enough to see what a webhook really sent over a socket.
final class OneShotHTTPReceiver: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var request: String?

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        listener = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in serveOnce() }
        thread.start()
    }

    var received: String? { lock.withLock { request } }

    private func serveOnce() {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
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
        let reply = "HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        _ = reply.withCString { write(connection, $0, strlen($0)) }
        close(connection)
        close(listener)
        lock.withLock { request = String(decoding: data, as: UTF8.self) }
    }
}
