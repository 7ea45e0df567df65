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

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (items, data) = try await options.client().get("/v1/sandbox/received", as: [JSONValue].self)
        if options.json { return Output.json(data) }
        guard !items.isEmpty else { return print("the sandbox networks have received nothing yet") }
        print(SandboxText.received(items, terminal: .current()), terminator: "")
    }
}

struct SandboxRecords: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "records", abstract: "One of the sandbox's records: received, rejected, revoked or issued (JSON).")

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
        Output.json(try await options.client().send("GET", "/v1/sandbox/records/\(name)"))
    }
}

struct SandboxToken: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Mint a token in the sandbox's stand-in developer portal, ready for `accounts add`.",
        discussion: "Example: schedctl sandbox token x --username runner | schedctl accounts add x")

    @Argument(help: "The network: x, facebook, linkedin or instagram.")
    var network: String

    @Option(help: "The sandbox user the token belongs to.")
    var username = "sandbox_user"

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        _ = try NetworkArgument.parse(network)
    }

    func run() async throws {
        let network = try NetworkArgument.parse(network)
        let data = try await options.client().send("POST", "/v1/sandbox/tokens/\(network.rawValue)", body: ["username": username])
        Output.json(data)
    }
}
