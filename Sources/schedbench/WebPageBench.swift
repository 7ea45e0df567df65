import Foundation
import HTTPClient
import SchedulerCore

/// The web app's pages at `make bench-scale`'s size: signed in as an owner, each page fetched over loopback TCP and
/// timed whole (request to last byte), the median of `repeats`. The baseline, in the same run, is the stylesheet: a
/// page of the same server with no store work, so each ratio is what the page's reads cost on top of serving.
struct WebPageBench {
    let base: String
    let control: BenchControl
    let repeats: Int
    let http = CurlHTTPClient()

    static let password = "bench passphrase, long enough"

    /// Adds an owner over the control socket, signs in as a browser would, and times each page.
    func run(showing postID: Int64) async throws -> [String] {
        let added = try await control.http.send(control.request("POST", "/v1/web/users",
                                                                body: Array(#"{"name":"bench","role":"owner","password":"\#(Self.password)"}"#.utf8)))
        guard added.status == 200 || added.status == 201 else { throw BenchError("adding a web user: HTTP \(added.status) \(added.bodyText.prefix(300))") }
        let cookie = try await signIn()
        let baseline = try await median("/static/app.css", cookie: cookie)
        var lines = ["web pages, signed in, over loopback TCP, median of \(repeats) (request to last byte; baseline: the stylesheet, "
                     + "\(ScaleBench.format(baseline, "%.2f")) ms):"]
        let today = String(RFC3339.format(Date().addingTimeInterval(86_400)).prefix(10))
        for (name, path) in [("Today", "/"), ("calendar, this week", "/calendar"), ("calendar, a month", "/calendar?view=month"),
                             ("calendar, a busy day", "/calendar?view=day&start=\(today)"), ("a post", "/posts/\(postID)"),
                             ("compose", "/compose"), ("accounts", "/accounts"), ("events", "/events"), ("status", "/status")] {
            let time = try await median(path, cookie: cookie)
            lines.append("  \(name): \(ScaleBench.format(time, "%.2f")) ms (\(ScaleBench.format(time / max(baseline, 0.001), "%.1f"))× the baseline)")
        }
        return lines
    }

    /// The session cookie, from the sign-in page's token and the form, as a browser gets it.
    private func signIn() async throws -> String {
        let page = try await http.send(HTTPRequest(url: base + "/login"))
        guard let token = page.bodyText.firstMatch(of: /name="csrf" value="([^"]*)"/).map({ String($0.1) }),
              let loginCookie = Self.cookie("schedulerd_login", in: page) else { throw BenchError("the sign-in page carries no form token") }
        let body = "csrf=\(token)&name=bench&password=" + (Self.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let answer = try await http.send(HTTPRequest(method: "POST", url: base + "/login",
                                                     headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded"),
                                                               HTTPHeader("Cookie", "schedulerd_login=\(loginCookie)")], body: Array(body.utf8)))
        guard answer.status == 303, let session = Self.cookie("schedulerd_session", in: answer) else {
            throw BenchError("signing in: HTTP \(answer.status) \(answer.bodyText.prefix(300))")
        }
        return "schedulerd_session=\(session)"
    }

    private func median(_ path: String, cookie: String) async throws -> Double {
        var times: [Double] = []
        for _ in 0..<repeats {
            let start = Date()
            let response = try await http.send(HTTPRequest(url: base + path, headers: [HTTPHeader("Cookie", cookie)]))
            times.append(Date().timeIntervalSince(start) * 1000)
            guard response.status == 200 else { throw BenchError("GET \(path): HTTP \(response.status) \(response.bodyText.prefix(300))") }
        }
        return ScaleBench.median(times)
    }

    static func cookie(_ name: String, in response: HTTPResponse) -> String? {
        for field in response.headers where field.name.lowercased() == "set-cookie" && field.value.hasPrefix(name + "=") {
            return String(field.value.dropFirst(name.count + 1).prefix { $0 != ";" })
        }
        return nil
    }

    /// A loopback port nothing listens on now: bound to port 0, read back, closed.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchError("no socket for a free port") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw BenchError("no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
