import Foundation

/// A loopback HTTP server on a reserved port that answers every request 204 and keeps what it got, in the order it
/// arrived: enough to see what a webhook really sent over a socket, and an endpoint that can come up after the
/// daemon started sending. Shared by the unit and end-to-end tests.
public final class HTTPReceiver: @unchecked Sendable {
    public let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var requests: [String] = []
    private var stopped = false
    private let replyHeaders: @Sendable () -> [String]

    /// Listens on `reserved`, which until now refused every connection; every answer carries the headers
    /// `replyHeaders` gives at the moment it answers (`Name: value` lines), such as a `Date` a test sets.
    public init(_ reserved: ReservedPort, replyHeaders: @escaping @Sendable () -> [String] = { [] }) throws {
        self.replyHeaders = replyHeaders
        let fd = try reserved.take()
        guard listen(fd, 16) == 0 else {
            close(fd)
            throw ReservedPortError("cannot listen on port \(reserved.port): errno \(errno)")
        }
        listener = fd
        port = reserved.port
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Listens on a port of its own.
    public convenience init(replyHeaders: @escaping @Sendable () -> [String] = { [] }) throws {
        try self.init(try ReservedPort(), replyHeaders: replyHeaders)
    }

    /// The requests received so far (request line, headers and body), oldest first.
    public var received: [String] { lock.withLock { requests } }

    /// The request bodies received so far, oldest first.
    public var bodies: [String] { received.compactMap { $0.components(separatedBy: "\r\n\r\n").last } }

    public func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            if lock.withLock({ stopped }) { close(connection); return }
            let request = readRequest(connection)
            // Recorded before the answer: a client that saw its answer finds its request here (a test that waited for
            // the daemon to hear the 204 read the bodies while this thread had yet to add the last one).
            lock.withLock { requests.append(request) }
            let extra = replyHeaders().map { $0 + "\r\n" }.joined()
            let reply = "HTTP/1.1 204 No Content\r\n\(extra)Content-Length: 0\r\nConnection: close\r\n\r\n"
            _ = reply.withCString { write(connection, $0, strlen($0)) }
            close(connection)
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
