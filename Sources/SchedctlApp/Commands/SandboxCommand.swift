import ArgumentParser
import Foundation
import HTTPClient
import SchedctlOutput
import SchedulerCore

struct SandboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sandbox",
        abstract: "Look at the sandbox networks (daemon started with --sandbox).",
        subcommands: [SandboxReceived.self, SandboxRecords.self, SandboxToken.self, SandboxApprove.self])
}

struct SandboxReceived: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "received", abstract: "What the sandbox networks accepted, oldest first.")

    @Option(help: "IANA time zone the times are shown in (default: the daemon's).")
    var tz: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if let tz, let problem = Suggestions.zoneProblem(tz) { throw ValidationError(problem) }
    }

    func run() async throws {
        let client = options.client()
        let (items, data) = try await client.get("/v1/sandbox/received", as: [JSONValue].self)
        if options.json { return Output.json(data) }
        guard !items.isEmpty else { return print("the sandbox networks have received nothing yet") }
        // The accounts name who sent each thing: the sandbox records only the network's user id.
        let (accounts, _) = try await client.get("/v1/accounts?all=true", as: [AccountView].self)
        let zone = try await DisplayZone.resolve(tz, client: client)
        print(SandboxText.received(items, accounts: accounts, zone: zone, terminal: .current()), terminator: "")
    }
}

struct SandboxRecords: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "records", abstract: "One of the sandbox's records: received, rejected, revoked or issued (a table; JSON with --json).")

    @Argument(help: "received, rejected, revoked or issued.")
    var name: String

    @OptionGroup var options: GlobalOptions

    static let names = ["received", "rejected", "revoked", "issued"]

    func validate() throws {
        guard Self.names.contains(name) else {
            throw ValidationError("the sandbox keeps no '\(name)' record; ask for \(Self.names.joined(separator: ", "))")
        }
    }

    func run() async throws {
        let (items, data) = try await options.client().get("/v1/sandbox/records/\(name)", as: [JSONValue].self)
        if options.json { return Output.json(data) }
        guard !items.isEmpty else { return print("the sandbox has no \(name) record yet") }
        print(SandboxText.records(items, terminal: .current()), terminator: "")
    }
}

struct SandboxToken: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Mint a token in the sandbox's stand-in developer portal, ready for `accounts add`.",
        discussion: """
            Facebook gives a Page token, as Graph API Explorer's "Get Page Access Token" does. --scopes and \
            --access-level make a token that lacks something, to see `accounts add` refuse it.
            Examples:
              schedctl sandbox token x --username runner | schedctl accounts add x
              schedctl sandbox token facebook --scopes pages_show_list \\
                  | schedctl accounts add facebook      # refused: exit 2
              schedctl sandbox token x --access-level read \\
                  | schedctl accounts add x             # refused: exit 2
            """)

    @Argument(help: "The network: \(Network.typedNames()).")
    var network: String

    @Option(help: "The sandbox user the token belongs to.")
    var username = "sandbox_user"

    @Option(help: "Facebook and LinkedIn: grant only these permissions, comma-separated (default: all publishing needs).")
    var scopes: String?

    @Option(name: .customLong("access-level"), help: "X: the OAuth 1.0a access level, read, read-write (default) or read-write-directmessages.")
    var accessLevel: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        let parsed = try NetworkArgument.parse(network)
        if accessLevel != nil && parsed != .x { throw ValidationError("--access-level is for X tokens; use --scopes for \(parsed.displayName)") }
        if scopes != nil && parsed == .x { throw ValidationError("X's OAuth 1.0a tokens have no scopes; use --access-level read") }
    }

    func run() async throws {
        let network = try NetworkArgument.parse(network)
        let granted = scopes.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        let body = SandboxTokenRequest(username: username, scopes: granted, accessLevel: accessLevel)
        let data = try await options.client().send("POST", "/v1/sandbox/tokens/\(network.rawValue)", body: body)
        Output.json(data)
    }
}
