import Foundation

/// `[metrics] listen` and `[web] listen`: an IP address (or `localhost`) and a port, checked when the configuration is
/// read so that a typo stops the daemon at start with the key named, not at the first request.
package struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    /// An IPv4 or IPv6 literal, without brackets.
    package var host: String
    /// 0 picks a free port (logged at start); meant for tests.
    package var port: Int

    package struct Problem: Error, Sendable {
        package var message: String
    }

    package init(_ text: String) throws(Problem) {
        let example = "such as \"127.0.0.1:9464\", \"[::1]:9464\" or \"localhost:9464\""
        let hostPart: Substring
        let portPart: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw Problem(message: "'\(text)' is not HOST:PORT, \(example)")
            }
            hostPart = text[text.index(after: text.startIndex)..<close]
            portPart = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), text.firstIndex(of: ":") == colon else {
                throw Problem(message: "'\(text)' is not HOST:PORT, \(example) (an IPv6 address goes in brackets)")
            }
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        guard let port = Int(portPart), (0...65_535).contains(port), portPart.allSatisfy(\.isASCII) else {
            throw Problem(message: "'\(portPart)' in '\(text)' is not a port (0 to 65535), \(example)")
        }
        let host = hostPart == "localhost" ? "127.0.0.1" : String(hostPart)
        guard Self.isAddress(host) else {
            throw Problem(message: "'\(hostPart)' in '\(text)' is not an IP address; give the address to listen on, \(example)")
        }
        self.host = host
        self.port = port
    }

    package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    private static func isAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}
