import Foundation
import SchedulerCore

/// `schedctl accounts link NETWORK --headless`, driven as a person would: read the URL, "open" it,
/// paste back what the browser shows.
struct LinkAttempt {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The URL schedctl printed, alone on its first line.
    var url: String
}

extension DaemonUnderTest {
    /// Links an account; `paste` turns the authorization URL into what the person pastes back
    /// (by default: approve and paste the redirect, or X's PIN).
    func link(_ network: String, _ extra: [String] = [], paste: ((String) async throws -> String)? = nil) async throws -> LinkAttempt {
        let process = try InteractiveProcess(Products.path("schedctl"), ["accounts", "link", network, "--headless", "--json"] + extra,
                                             environment: ["SCHEDCTL_SOCKET": socket])
        let url = try await process.firstLine()
        let answer: String
        if let paste {
            answer = try await paste(url)
        } else if extra.contains("--oauth1") {
            answer = try await Browser.pin(url)
        } else {
            answer = try await Browser.approve(url)
        }
        try process.answer(answer)
        let status = try await process.finish()
        return LinkAttempt(status: status, stdout: String(process.stdout.dropFirst(url.count + 1)), stderr: process.stderr, url: url)
    }

    /// Links and decodes the account, failing the test with schedctl's message otherwise.
    func linkAccount(_ network: String, _ extra: [String] = []) async throws -> AccountView {
        let attempt = try await link(network, extra)
        guard attempt.status == 0 else { throw E2EError("link \(network) failed (\(attempt.status)): \(attempt.stderr)") }
        return try JSONCoding.decoder().decode(AccountView.self, from: Data(attempt.stdout.utf8))
    }

    func accounts() throws -> [AccountView] {
        try schedctl(["accounts", "list", "--json"]).decode([AccountView].self)
    }
}

/// Changes one query parameter of a URL, as a tampering attacker (or a test) would.
func replacingQueryItem(_ name: String, with value: String, in url: String) -> String {
    var components = URLComponents(string: url)!
    components.queryItems = components.queryItems?.map { $0.name == name ? URLQueryItem(name: name, value: value) : $0 }
    return components.string!
}
