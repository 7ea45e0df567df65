import Foundation
import SchedulerDomain
import SchedulerServices

/// `[web]`: where the web app listens, the address people reach it at, and whose `X-Forwarded-*` headers to believe.
package struct WebConfiguration: Sendable, Equatable {
    package var listen: ListenAddress
    /// The public address behind a reverse proxy (`https://plan.example.org`); `http://LISTEN` when not set. Its scheme
    /// decides whether the session cookie is `Secure`.
    package var baseURL: String
    /// The proxies whose `X-Forwarded-For` names the client (for the login throttle); nobody's when empty.
    package var trustedProxies: [String] = []
    /// Posts an editor schedules wait for an owner's approval (`awaiting_approval`); off by default, for a single owner.
    package var requireApproval = false

    package init(listen: ListenAddress, baseURL: String? = nil, trustedProxies: [String] = [], requireApproval: Bool = false) {
        self.listen = listen
        self.baseURL = (baseURL ?? "http://\(listen)").trimmingTrailingSlashes
        self.trustedProxies = trustedProxies
        self.requireApproval = requireApproval
    }

    /// Whether pages go over TLS (to the browser, through the proxy): the cookie is then `Secure`.
    package var isHTTPS: Bool { baseURL.lowercased().hasPrefix("https://") }

    /// What is wrong with a plain `http://` address that is not loopback (passwords and cookies would cross a network in
    /// the clear); nil when the address is https or this machine's own.
    package var plainHTTPWarning: String? {
        guard !isHTTPS, let host = URL(string: baseURL)?.host, !["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) else { return nil }
        return "[web] base_url \(baseURL) is plain http off this machine: passwords and session cookies would cross the network unencrypted"
    }
}

private extension String {
    var trimmingTrailingSlashes: String {
        var text = self
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
