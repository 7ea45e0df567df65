import Foundation

/// A bare AF_UNIX stream connection to the control socket that sends exactly the bytes it is given.
///
/// `schedctl` and every HTTP client library refuse to send broken framing, invalid UTF-8 in a path,
/// a `Content-Length` they do not honour or half a request; tests that attack the daemon with such
/// input need a socket that does as it is told. Every read has a deadline, so a daemon that hangs
/// fails the test instead of freezing it. Blocking I/O: use it from threads, not the cooperative pool.
final class RawControlSocket {
    private(set) var fd: Int32
    private var buffer: [UInt8] = []

    /// Connects, or throws when nothing listens at `path`.
    init(path: String, sendTimeout: Duration = .seconds(10)) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw E2EError("socket(): \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            Glibc.close(fd)
            throw E2EError("socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw E2EError("connect(\(path)): \(reason)")
        }
        let seconds = sendTimeout.components.seconds
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Ends the sending side, as a client cut off mid-request does; the answer can still be read.
    func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Writes everything, or returns false when the daemon closed the connection (or stopped reading
    /// for longer than the send timeout). Never raises SIGPIPE.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Whether the daemon has closed this connection (EOF or reset), looking without waiting.
    var isClosedByPeer: Bool {
        var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&probe, 1, 0) > 0 else { return false }
        if probe.revents & Int16(POLLHUP | POLLERR) != 0 { return true }
        var byte: UInt8 = 0
        let peeked = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Reads one HTTP/1.1 response. Returns nil when the daemon closed the connection before answering;
    /// throws when `deadline` passes first.
    func readResponse(deadline: ContinuousClock.Instant) throws -> RawHTTPResponse? {
        var headEnd: Int?
        while true {
            if let end = Self.find([13, 10, 13, 10], in: buffer) { headEnd = end; break }
            guard try fill(deadline: deadline) else {
                if buffer.isEmpty { return nil }
                throw E2EError("the connection closed in the middle of a response head: \(Self.printable(buffer))")
            }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        let lines = head.components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ", maxSplits: 2)
        guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/1."), let status = Int(statusWords[1]) else {
            throw E2EError("not an HTTP response: \(lines[0])")
        }
        var headers: [(String, String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var response = RawHTTPResponse(status: status, headers: headers, body: [])
        if response.header("transfer-encoding")?.lowercased() == "chunked" {
            response.body = try readChunked(deadline: deadline)
        } else if let length = response.header("content-length").flatMap(Int.init) {
            try readExactly(length, deadline: deadline)
            response.body = Array(buffer.prefix(length))
            buffer.removeFirst(length)
        } else {
            while try fill(deadline: deadline) {}
            response.body = buffer
            buffer.removeAll()
        }
        return response
    }

    private func readChunked(deadline: ContinuousClock.Instant) throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            var lineEnd = Self.find([13, 10], in: buffer)
            while lineEnd == nil {
                guard try fill(deadline: deadline) else { throw E2EError("the connection closed inside a chunked body") }
                lineEnd = Self.find([13, 10], in: buffer)
            }
            let sizeText = String(decoding: buffer[..<lineEnd!], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw E2EError("bad chunk size '\(sizeText)'")
            }
            buffer.removeFirst(lineEnd! + 2)
            try readExactly(size + 2, deadline: deadline)
            body += buffer.prefix(size)
            buffer.removeFirst(size + 2)
            if size == 0 { return body }
        }
    }

    private func readExactly(_ count: Int, deadline: ContinuousClock.Instant) throws {
        while buffer.count < count {
            guard try fill(deadline: deadline) else { throw E2EError("the connection closed \(count - buffer.count) bytes before the end of a body") }
        }
    }

    /// Appends what arrives before `deadline`; false on EOF or reset.
    private func fill(deadline: ContinuousClock.Instant) throws -> Bool {
        while true {
            let remaining = deadline - .now
            guard remaining > .zero else { throw RawSocketTimeout() }
            let milliseconds = Int32(clamping: remaining.components.seconds * 1_000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1)
            var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&probe, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = recv(fd, &chunk, chunk.count, 0)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return false }
            buffer += chunk.prefix(count)
            return true
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }

    /// Bytes shown in a failure message: ASCII as is, the rest escaped, at most `limit` of them.
    static func printable(_ bytes: some Collection<UInt8>, limit: Int = 160) -> String {
        var text = ""
        for byte in bytes.prefix(limit) {
            switch byte {
            case 13: text += "\\r"
            case 10: text += "\\n"
            case 32..<127: text.append(Character(UnicodeScalar(byte)))
            default: text += String(format: "\\x%02x", byte)
            }
        }
        return bytes.count > limit ? text + "… (\(bytes.count) bytes)" : text
    }
}

/// No answer before the deadline: the daemon hung on this connection.
struct RawSocketTimeout: Error {}

/// One response as it came off the socket.
struct RawHTTPResponse {
    var status: Int
    /// Names lowercased, in order.
    var headers: [(String, String)]
    var body: [UInt8]

    func header(_ name: String) -> String? { headers.first { $0.0 == name }?.1 }

    var closesConnection: Bool { header("connection")?.lowercased() == "close" }
}
