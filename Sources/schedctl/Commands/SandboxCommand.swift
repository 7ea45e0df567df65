import ArgumentParser
import Foundation
import HTTPClient
import SchedulerCore

struct SandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Look at the sandbox networks (daemon started with --sandbox).",
        subcommands: [SandboxReceived.self, SandboxRecords.self, SandboxToken.self, SandboxApprove.self])
}

struct SandboxReceived: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "received", abstract: "What the sandbox networks accepted, oldest first.")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (items, data) = try await options.client().get("/v1/sandbox/received", as: [JSONValue].self)
        if options.json { return Output.json(data) }
        guard !items.isEmpty else { return print("the sandbox networks have received nothing yet") }
        Output.table(["NETWORK", "RECEIVED", "WHAT", "ID", "TEXT"], items.map { item in
            [item["network"]?.stringValue ?? "?", item["received_at"]?.stringValue ?? "?", item["kind"]?.stringValue ?? "post",
             item["remote_id"]?.stringValue ?? "", Output.snippet(item["text"]?.stringValue ?? item["body"]?["text"]?.stringValue ?? "")]
        })
    }
}

struct SandboxRecords: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "records", abstract: "One of the sandbox's records: received, rejected, revoked or issued (JSON).")

    @Argument(help: "received, rejected, revoked or issued.")
    var name: String

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        Output.json(try await options.client().send("GET", "/v1/sandbox/records/\(name)"))
    }
}

struct SandboxToken: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Mint a token in the sandbox's stand-in developer portal, ready for `accounts add`.",
        discussion: "Example: schedctl sandbox token x --username runner | schedctl accounts add x")

    @Argument(help: "The network: x.")
    var network: String

    @Option(help: "The sandbox user the token belongs to.")
    var username = "sandbox_user"

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let data = try await options.client().send("POST", "/v1/sandbox/tokens/\(network.lowercased())", body: ["username": username])
        Output.json(data)
    }
}

struct SandboxApprove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Play the browser for a sandbox authorization URL: approve, then go where the network redirects.",
        discussion: """
            Prints where the sandbox sent the browser (what you would paste in --headless mode), and \
            delivers it to schedctl's loopback listener when that is where it points.
            Example:
              schedctl accounts link linkedin > link.out &   # prints the URL, waits for the browser
              schedctl sandbox approve "$(head -1 link.out)"
            """)

    @Argument(help: "The authorization URL `schedctl accounts link` printed.")
    var url: String

    func run() async throws {
        let http = CurlHTTPClient()
        let approval: HTTPResponse
        do { approval = try await http.send(HTTPRequest(url: url)) } catch {
            throw CLIError(exitCode: ExitCodes.unreachable, message: "the sandbox at \(url) cannot be reached: \(error)")
        }
        guard (300..<400).contains(approval.status), let location = approval.header("location") else {
            throw CLIError.badInput("the sandbox answered HTTP \(approval.status) without a redirect; is this a sandbox authorization URL?")
        }
        print(location)
        guard let target = URL(string: location), target.host == "127.0.0.1" || target.host == "localhost" else { return }
        _ = try? await http.send(HTTPRequest(url: location, connectTimeout: .seconds(2), timeout: .seconds(10)))
    }
}
