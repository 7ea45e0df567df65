import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loopback port that accepts connections into its backlog and never answers: a server that hangs, or a firewall
/// that lets the handshake through and drops the rest.
public final class SilentListener: Sendable {
    public let port: Int
    private let socket: Int32

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public init() throws {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = fd >= 0 && withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound, listen(fd, 64) == 0 else {
            if fd >= 0 { close(fd) }
            throw Failure(description: "cannot listen on a loopback port: errno \(errno)")
        }
        socket = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }
}
