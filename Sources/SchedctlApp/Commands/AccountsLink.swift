import ArgumentParser
import Foundation
import LoopbackRedirect
import SchedctlOutput
import SchedulerCore

struct AccountsLink: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link",
        abstract: "Link an account by approving schedulerd in a browser (OAuth).",
        discussion: """
            Prints the authorization URL. Open it and approve; the browser is sent back to a listener \
            schedctl opens on 127.0.0.1 (RFC 8252). On a server with no browser, use --headless: open the \
            URL anywhere, then paste the address the browser was sent to (or, for X with --oauth1, the PIN).
            The URL is printed alone on standard output; hints go to standard error.
            Examples:
              schedctl accounts link x
              schedctl accounts link linkedin --headless --organization 2414183
              schedctl accounts link mastodon --instance https://mastodon.social
              schedctl accounts link facebook --page "Club Runs"
              schedctl accounts link x --oauth1 --headless        # PIN flow
            """)

    @Argument(help: "The network: \(Network.typedNames(Network.allCases.filter(\.linksInBrowser))).")
    var network: String

    @Flag(help: "No local browser: paste the redirect address (or X's PIN) on standard input.")
    var headless = false

    @Flag(help: "X only: link with OAuth 1.0a (a PIN in headless mode) instead of OAuth 2.0.")
    var oauth1 = false

    @Option(help: "Facebook or Instagram: the Page (id or name) to publish as, when the login grants several.")
    var page: String?

    @Option(help: "LinkedIn: publish as this organization (id or URN) instead of yourself.")
    var organization: String?

    @Option(help: "Mastodon: the instance the account is on, e.g. https://mastodon.social.")
    var instance: String?

    @Option(help: "How long to wait for the browser to come back, e.g. 5m.")
    var timeout = "5m"

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        let parsed = try NetworkArgument.parse(network)
        if oauth1 && parsed != .x { throw ValidationError("--oauth1 is for X only") }
        if organization != nil && parsed != .linkedin { throw ValidationError("--organization is for LinkedIn only") }
        if instance != nil && parsed != .mastodon { throw ValidationError("--instance is for Mastodon only") }
        if parsed == .mastodon && (instance ?? "").isEmpty { throw ValidationError("a Mastodon account needs its instance: --instance https://mastodon.social") }
        if !parsed.linksInBrowser { throw ValidationError("\(parsed.displayName) links with an app password: schedctl accounts add \(parsed.rawValue) --handle NAME") }
        if page != nil && parsed != .facebook && parsed != .instagram { throw ValidationError("--page is for Facebook and Instagram") }
        guard let seconds = DurationParser.seconds(timeout), seconds > 0 else { throw ValidationError("--timeout '\(timeout)' is not a duration such as 90s or 5m") }
    }

    func run() async throws {
        let network = try NetworkArgument.parse(network)
        let client = options.client()
        let method = oauth1 ? "oauth1" : nil
        let response: String
        let start: LinkStartView
        if headless {
            start = try client.decode(LinkStartView.self, try await client.send("POST", "/v1/links", body: StartLinkRequest(network: network, method: method, page: page, organization: organization,
                                                                                                                          instance: instance)))
            Self.printURL(start.authorizationURL)
            Self.hint(start.expects == "pin"
                ? "Open the URL, approve, and type the PIN X shows:"
                : "Open the URL, approve, and paste the whole address your browser was sent to (it will not load; that is expected):")
            guard let line = readLine(strippingNewline: true), !line.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw CLIError.badInput("nothing was pasted; nothing was stored. Run the command again when you have the \(start.expects == "pin" ? "PIN" : "redirect address")")
            }
            response = line
        } else {
            let listener: LoopbackRedirectListener
            do { listener = try LoopbackRedirectListener() } catch {
                throw CLIError(exitCode: ExitCodes.failure, message: "\(error.message), so the browser cannot come back here; use --headless and paste the redirect instead")
            }
            defer { listener.close() }
            start = try client.decode(LinkStartView.self, try await client.send(
                "POST", "/v1/links", body: StartLinkRequest(network: network, method: method, redirectURI: listener.redirectURI,
                                                                   page: page, organization: organization, instance: instance)))
            Self.printURL(start.authorizationURL)
            Self.hint("Open the URL in your browser and approve; waiting up to \(timeout) for it to come back to \(listener.redirectURI)")
            do {
                response = try await listener.waitForRedirect(timeout: .seconds(DurationParser.seconds(timeout)!))
            } catch {
                throw CLIError.badInput("no browser came back to \(listener.redirectURI) within \(timeout) (\(error.message)); nothing was stored. Run the command again, or use --headless")
            }
        }
        let data = try await client.send("POST", "/v1/links/\(start.linkId)/complete",
                                         body: CompleteLinkRequest(response: response, page: page, organization: organization))
        if options.json { return Output.json(data) }
        let account = try client.decode(AccountView.self, data)
        print("linked \(account.reference) (\(account.displayName)), account \(account.id); token \(AccountText.token(account))")
        for note in account.notes ?? [] { print("note: \(note)") }
    }

    /// The URL alone on its own line of standard output, flushed before schedctl waits.
    static func printURL(_ url: String) {
        FileHandle.standardOutput.write(Data((url + "\n").utf8))
    }

    static func hint(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
