/// Checks made before a request reaches libcurl, so a bad value fails fast with a clear message
/// instead of being sent: a CR or LF in a header value would otherwise let one header smuggle others.
extension HTTPRequest {
    /// The longest path a `sockaddr_un` holds on Linux, terminating NUL excluded.
    static let maxUnixSocketPathBytes = 107

    func validate() throws(HTTPClientError) {
        guard !method.isEmpty, method.utf8.allSatisfy(Self.isTokenByte) else {
            throw .invalidRequest("the method is not a valid HTTP token; use GET, POST, PUT, PATCH, DELETE or HEAD.")
        }
        if method == "HEAD", body != nil {
            throw .invalidRequest("a HEAD request cannot have a body.")
        }
        try validateURL()
        for header in headers {
            try validate(header)
        }
        guard connectTimeout > .zero, timeout > .zero else {
            throw .invalidRequest("connectTimeout and timeout must be positive.")
        }
        if let path = unixSocketPath {
            guard !path.isEmpty, !path.utf8.contains(0), path.utf8.count <= Self.maxUnixSocketPathBytes else {
                throw .invalidRequest("the Unix socket path must be 1 to \(Self.maxUnixSocketPathBytes) bytes with no NUL.")
            }
        }
    }

    private func validateURL() throws(HTTPClientError) {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw .invalidRequest("the URL must be absolute and start with http:// or https://.")
        }
        guard !url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw .invalidRequest("the URL contains spaces or control characters; percent-encode them.")
        }
    }

    private func validate(_ header: HTTPHeader) throws(HTTPClientError) {
        guard !header.name.isEmpty, header.name.utf8.allSatisfy(Self.isTokenByte) else {
            // Not shown: a malformed name may be a whole "Authorization: Bearer …" line pasted by mistake.
            throw .invalidRequest("a header name is empty or has characters other than letters, digits and !#$%&'*+-.^_`|~.")
        }
        guard !header.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
            throw .invalidRequest("the value of header \(header.name) contains CR, LF or NUL.")
        }
    }

    /// RFC 9110 `tchar`: the bytes allowed in a method or a field name.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
