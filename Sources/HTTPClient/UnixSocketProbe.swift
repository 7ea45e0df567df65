import Foundation

/// A plain `connect(2)` to a Unix socket: how the daemon tells a live daemon from a stale socket file before taking the
/// path, and how schedctl tells "nothing listens" from "permission denied" when the daemon does not answer.
public enum UnixSocketProbe {
    /// The errno of connecting to the socket at `path`, 0 when it connects (`ENAMETOOLONG` for a path `sun_path`
    /// cannot hold).
    public static func connectErrno(_ path: String) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return ENAMETOOLONG }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return result == 0 ? 0 : errno
    }

    public static func isAcceptingConnections(_ path: String) -> Bool {
        connectErrno(path) == 0
    }
}
