import Foundation

/// A loopback port held for a server that comes up later: a socket bound to it but not listening. Until the server
/// takes it over, a connection there is refused at once (Linux answers a bound, non-listening port with a reset),
/// as at a webhook that is down, and no other test's server can be given the same port meanwhile. (A port found
/// free and let go could be handed to another server before this one binds it, which then answers in its place.)
public final class ReservedPort: @unchecked Sendable {
    public let port: Int
    let socket: Int32
    private let lock = NSLock()
    private var taken = false

    public init() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ReservedPortError("socket(): errno \(errno)") }
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            close(fd)
            throw ReservedPortError("cannot bind a loopback port: errno \(errno)")
        }
        socket = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        if !taken { close(socket) }
    }

    /// The bound socket, for the server that listens on it; once only.
    func take() throws -> Int32 {
        try lock.withLock {
            guard !taken else { throw ReservedPortError("port \(port) was taken over already") }
            taken = true
            return socket
        }
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}

public struct ReservedPortError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
