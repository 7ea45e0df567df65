import Foundation
import HTTPClient

/// A browser's side of the web app, as plain HTTP: a cookie jar, forms posted url-encoded, redirects not followed
/// (each answer is looked at as it comes).
final class WebVisitor: @unchecked Sendable {
    let base: String
    private(set) var cookies: [String: String] = [:]
    private let http = CurlHTTPClient()

    init(base: String) { self.base = base }

    func get(_ path: String) async throws -> HTTPResponse {
        try await send(HTTPRequest(url: base + path, headers: cookieHeader))
    }

    func post(_ path: String, _ fields: [(String, String)]) async throws -> HTTPResponse {
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(HTTPRequest(method: "POST", url: base + path,
                                          headers: cookieHeader + [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                                          body: Array(body.utf8)))
    }

    /// A form with files, as `multipart/form-data` (RFC 7578): each field, then each file with its name and type.
    func postMultipart(_ path: String, _ fields: [(String, String)], files: [(field: String, name: String, type: String, bytes: [UInt8])] = []) async throws -> HTTPResponse {
        let boundary = "----schedulerd-test-\(UUID().uuidString)"
        var body: [UInt8] = []
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for file in files {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.name)\"\r\nContent-Type: \(file.type)\r\n\r\n".utf8)
            body += file.bytes + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return try await send(HTTPRequest(method: "POST", url: base + path,
                                          headers: cookieHeader + [HTTPHeader("Content-Type", "multipart/form-data; boundary=\(boundary)")], body: body))
    }

    /// A body sent as it is, with its type: a form cut short, a body too large.
    func post(_ path: String, contentType: String, body: [UInt8]) async throws -> HTTPResponse {
        try await send(HTTPRequest(method: "POST", url: base + path, headers: cookieHeader + [HTTPHeader("Content-Type", contentType)], body: body))
    }

    func head(_ path: String) async throws -> HTTPResponse {
        try await send(HTTPRequest(method: "HEAD", url: base + path, headers: cookieHeader))
    }

    /// Signs in through the login page as a person would: the page's form token, then the form.
    func signIn(_ name: String, _ password: String) async throws -> HTTPResponse {
        let page = try await get("/login")
        return try await post("/login", [("csrf", Self.hiddenCSRF(in: page.bodyText) ?? ""), ("name", name), ("password", password)])
    }

    /// The value of the first `<input type="hidden" name="csrf" value="…">` of a page.
    static func hiddenCSRF(in page: String) -> String? {
        guard let range = page.range(of: #"name="csrf" value="[^"]*""#, options: .regularExpression) else { return nil }
        return String(page[range].dropFirst(#"name="csrf" value=""#.count).dropLast())
    }

    /// Every `Set-Cookie` of the last answer, whole, as the browser received them.
    private(set) var lastSetCookies: [String] = []

    private var cookieHeader: [HTTPHeader] {
        cookies.isEmpty ? [] : [HTTPHeader("Cookie", cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; "))]
    }

    private func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await http.send(request)
        lastSetCookies = response.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
        for line in lastSetCookies {
            let pair = line.split(separator: ";").first.map(String.init) ?? ""
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 || pair.hasSuffix("=") else { continue }
            let name = parts[0]
            let value = parts.count == 2 ? parts[1] : ""
            if value.isEmpty || line.lowercased().contains("max-age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        return response
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
    }
}
