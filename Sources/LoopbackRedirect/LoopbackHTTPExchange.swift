/// One browser request to the loopback listener: reading its head and choosing the answer.
///
/// Only the request line matters (`GET /callback?code=… HTTP/1.1`); headers are read to find
/// their end and otherwise ignored, and a body is never read.
struct LoopbackHTTPExchange {
    /// The most of a request the listener reads; a longer head gets 431 and is dropped.
    static let maxRequestBytes = 16 * 1024

    enum Outcome: Equatable {
        /// More bytes are needed before the head is complete.
        case incomplete
        /// The redirect: answer with the success page and hand back this request target.
        case redirect(target: String)
        /// Anything else (`/favicon.ico`, a POST, garbage): answer with this response and keep waiting.
        case reject(status: Int, reason: String)
    }

    /// What to do with the bytes received so far on one connection.
    static func evaluate(_ bytes: [UInt8], path: String) -> Outcome {
        guard let headEnd = bytes.firstRange(of: Array("\r\n\r\n".utf8)) ?? bytes.firstRange(of: Array("\n\n".utf8)) else {
            return bytes.count >= maxRequestBytes ? .reject(status: 431, reason: "Request Header Fields Too Large") : .incomplete
        }
        let head = String(decoding: bytes[..<headEnd.lowerBound], as: UTF8.self)
        let requestLine = head.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }).first ?? ""
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), parts[1].hasPrefix("/") else {
            return .reject(status: 400, reason: "Bad Request")
        }
        let target = String(parts[1])
        let targetPath = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        guard targetPath == path else { return .reject(status: 404, reason: "Not Found") }
        guard parts[0] == "GET" else { return .reject(status: 405, reason: "Method Not Allowed") }
        return .redirect(target: target)
    }

    /// The page the browser shows once the redirect arrived.
    static let successPage = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>Authorization received</title></head>
        <body style="font-family: sans-serif; margin: 3em;">
        <h1>Authorization received</h1>
        <p>You can close this window and return to the terminal.</p>
        </body></html>
        """

    /// A complete HTTP/1.1 response that closes the connection. `no-referrer` keeps the code in
    /// the URL from leaking to anything the page might load; `no-store` keeps it out of caches.
    static func response(status: Int, reason: String, body: String) -> [UInt8] {
        let payload = Array(body.utf8)
        let head = [
            "HTTP/1.1 \(status) \(reason)",
            "Content-Type: text/html; charset=utf-8",
            "Content-Length: \(payload.count)",
            "Cache-Control: no-store",
            "Referrer-Policy: no-referrer",
            "Connection: close",
            "", "",
        ].joined(separator: "\r\n")
        return Array(head.utf8) + payload
    }
}
