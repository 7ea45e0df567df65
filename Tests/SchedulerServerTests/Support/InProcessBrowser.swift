import Foundation
import HTTPClient
import HTTPTypes
import SchedulerServer
import Synchronization

/// A browser's side of the web app in this process, as the end-to-end tests' WebVisitor is over HTTP: a cookie jar,
/// forms posted url-encoded, redirects not followed (each answer is looked at as it comes).
final class InProcessBrowser: Sendable {
    private let client: RouterClient<WebContext>
    private let jar = Mutex<(cookies: [String: String], lastSetCookies: [String])>(([:], []))

    init(client: RouterClient<WebContext>) { self.client = client }

    /// Another browser of the same web app, with no cookies.
    func stranger() -> InProcessBrowser { InProcessBrowser(client: client) }

    var cookies: [String: String] { jar.withLock { $0.cookies } }

    /// Every `Set-Cookie` of the last answer, whole, as the browser received them.
    var lastSetCookies: [String] { jar.withLock { $0.lastSetCookies } }

    func get(_ path: String) async throws -> Answer {
        try await send("GET", path)
    }

    func head(_ path: String) async throws -> Answer {
        try await send("HEAD", path)
    }

    func post(_ path: String, _ fields: [(String, String)]) async throws -> Answer {
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send("POST", path, contentType: "application/x-www-form-urlencoded", body: Array(body.utf8))
    }

    /// A body sent as it is, with its type: a form cut short, a body too large.
    func post(_ path: String, contentType: String, body: [UInt8]) async throws -> Answer {
        try await send("POST", path, contentType: contentType, body: body)
    }

    /// Signs in through the login page as a person would: the page's form token, then the form.
    func signIn(_ name: String, _ password: String) async throws -> Answer {
        let page = try await get("/login")
        return try await post("/login", [("csrf", Self.hiddenCSRF(in: page.bodyText) ?? ""), ("name", name), ("password", password)])
    }

    /// The value of the first `<input type="hidden" name="csrf" value="…">` of a page.
    static func hiddenCSRF(in page: String) -> String? {
        guard let range = page.range(of: #"name="csrf" value="[^"]*""#, options: .regularExpression) else { return nil }
        return String(page[range].dropFirst(#"name="csrf" value=""#.count).dropLast())
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
    }

    private func send(_ method: String, _ path: String, contentType: String? = nil, body: [UInt8]? = nil) async throws -> Answer {
        var headers: HTTPFields = [:]
        let cookies = self.cookies
        if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ") }
        if let contentType { headers[.contentType] = contentType }
        let answer = try await InProcessDaemon.send(client, method, path, headers: headers, body: body)
        keep(answer.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value))
        return answer
    }

    /// Keeps the cookies an answer set, and forgets the ones it cleared.
    private func keep(_ setCookies: [String]) {
        jar.withLock { jar in
            jar.lastSetCookies = setCookies
            for line in setCookies {
                let pair = line.split(separator: ";").first.map(String.init) ?? ""
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 || pair.hasSuffix("=") else { continue }
                let value = parts.count == 2 ? parts[1] : ""
                if value.isEmpty || line.lowercased().contains("max-age=0") { jar.cookies[parts[0]] = nil } else { jar.cookies[parts[0]] = value }
            }
        }
    }
}
