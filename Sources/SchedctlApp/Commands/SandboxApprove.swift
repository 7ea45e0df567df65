import ArgumentParser
import Foundation
import HTTPClient

/// `schedctl sandbox approve URL`: what a person's browser does with a sandbox authorization URL.
struct SandboxApprove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Play the browser for a sandbox authorization URL: approve, then go where the network redirects (or print X's PIN).",
        discussion: """
            Prints where the sandbox sent the browser (what you would paste in --headless mode), and \
            delivers it to schedctl's loopback listener when that is where it points. For X's OAuth 1.0a \
            PIN flow (`accounts link x --oauth1 --headless`) the sandbox shows a PIN page instead; the PIN \
            is printed, ready to be typed (or piped) into the waiting `accounts link`.
            Examples:
              schedctl accounts link linkedin > link.out &   # prints the URL, then waits
              schedctl sandbox approve "$(head -1 link.out)"
            """)

    @Argument(help: "The authorization URL `schedctl accounts link` printed.")
    var url: String

    func validate() throws {
        guard let components = URLComponents(string: url), ["http", "https"].contains(components.scheme?.lowercased() ?? ""),
              let host = components.host, !host.isEmpty else {
            throw ValidationError("'\(url)' is not an authorization URL; give the http://… address `schedctl accounts link` printed")
        }
    }

    func run() async throws {
        let http = CurlHTTPClient()
        let approval: HTTPResponse
        do { approval = try await http.send(HTTPRequest(url: url, connectTimeout: .seconds(5), timeout: .seconds(30))) } catch let error as HTTPClientError {
            throw CLIError(exitCode: ExitCodes.failure, message: Self.unreachable(url, error))
        }
        if (300..<400).contains(approval.status), let location = approval.header("location") {
            print(location)
            guard let target = URL(string: location), target.host == "127.0.0.1" || target.host == "localhost" else { return }
            _ = try? await http.send(HTTPRequest(url: location, connectTimeout: .seconds(2), timeout: .seconds(10)))
            return
        }
        let page = approval.bodyText
        if approval.status == 200, let pin = SandboxPage.pin(in: page) {
            print(pin)
            return
        }
        throw CLIError.badInput("the sandbox answered HTTP \(approval.status) with neither a redirect nor a PIN"
            + (SandboxPage.summary(of: page).map { " (the page says: \($0))" } ?? "")
            + "; give the authorization URL `schedctl accounts link` printed, once: a request token or code is used up by its first approval")
    }

    /// Why the URL got no answer, in words: the sandbox networks live only as long as the daemon that started them.
    static func unreachable(_ url: String, _ error: HTTPClientError) -> String {
        let place = URLComponents(string: url).map { "\($0.host ?? "?")\($0.port.map { ":\($0)" } ?? "")" } ?? url
        switch error.code {
        case .couldNotConnect:
            return "nothing answers at \(place): the sandbox networks run only while the `schedulerd --sandbox` (or sandboxd) that made this URL runs; start it and link again"
        case .timedOut:
            return "the sandbox at \(place) did not answer in time; it may be busy: try again"
        default:
            return "the sandbox at \(place) did not answer: \(error.message)"
        }
    }
}

/// Reading the sandbox's small HTML pages (X's PIN page, the error pages) as a person would.
enum SandboxPage {
    /// The PIN on X's OAuth 1.0a out-of-band page (`<code id="oauth_pin">1234567</code>`).
    static func pin(in page: String) -> String? {
        guard let match = page.firstMatch(of: /<code id="oauth_pin">(\d+)<\/code>/) else { return nil }
        return String(match.1)
    }

    /// The page's heading and first paragraph, without markup.
    static func summary(of page: String) -> String? {
        let heading = page.firstMatch(of: /<h1>(.*?)<\/h1>/).map { String($0.1) }
        let paragraph = page.firstMatch(of: /<p>(.*?)<\/p>/).map { String($0.1) }
        let parts = [heading, paragraph].compactMap { $0?.replacing(/<[^>]*>/, with: "") }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ": ")
    }
}
