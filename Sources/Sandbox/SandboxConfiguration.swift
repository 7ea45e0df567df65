/// How the sandbox server listens and how strict its checks are.
public struct SandboxConfiguration: Sendable {
    /// The loopback address to bind; the sandbox refuses anything that is not loopback.
    public var host: String = "127.0.0.1"
    /// The port to bind; 0 lets the system pick a free one (read it back with ``SandboxServer/baseURL()``).
    public var port: Int = 0
    /// How far an OAuth 1.0a `oauth_timestamp` may be from the server's clock, and how long nonces are remembered.
    public var timestampTolerance: Duration = .seconds(300)

    public init(host: String = "127.0.0.1", port: Int = 0, timestampTolerance: Duration = .seconds(300)) {
        self.host = host
        self.port = port
        self.timestampTolerance = timestampTolerance
    }

    /// The host as the socket layer wants it: an IPv6 literal without brackets.
    var bindHost: String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// Whether `host` names a loopback address, the only kind the sandbox may bind.
    public var isLoopback: Bool {
        Self.isLoopback(host)
    }

    /// Whether `host` is `localhost`, an IPv4 address in 127.0.0.0/8, or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in
            guard let value = UInt8(octet), String(value) == octet else { return false }
            return true
        }
    }
}
