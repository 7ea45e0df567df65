import ArgumentParser
import Foundation
import SchedulerCore

struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "Import, list and remove the accounts posts go to.",
        subcommands: [AccountsAdd.self, AccountsList.self, AccountsRemove.self],
        defaultSubcommand: AccountsList.self)
}

struct AccountsAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Import a token you already have (X: an OAuth 1.0a access token and secret).",
        discussion: """
            The token is read from standard input or --from-file, never from the command line, as JSON
            ({"token": "…", "token_secret": "…"}), as oauth_token=…&oauth_token_secret=…, or as two lines
            (token, then secret). On a terminal you are prompted, without echo.
            Examples:
              schedctl accounts add x < x-token.json
              schedctl sandbox token x | schedctl accounts add x
            """)

    @Argument(help: "The network: x.")
    var network: String

    @Option(name: .customLong("from-file"), help: "Read the token from this file instead of standard input.")
    var fromFile: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard Network(rawValue: network.lowercased()) != nil else {
            throw ValidationError("unknown network '\(network)'; use one of \(Network.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() async throws {
        let network = Network(rawValue: network.lowercased())!
        let (token, secret) = try TokenInput.read(fromFile: fromFile, needsSecret: network == .x)
        let data = try await options.client().send("POST", "/v1/accounts",
                                                   body: ImportAccountRequest(network: network, token: token, tokenSecret: secret))
        if options.json { return Output.json(data) }
        let account = try options.client().decode(AccountView.self, data)
        print("added \(account.reference) (\(account.displayName)), account \(account.id)")
    }
}

struct AccountsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List linked accounts.")

    @Flag(help: "Include removed accounts.")
    var all = false

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (accounts, data) = try await options.client().get("/v1/accounts\(all ? "?all=true" : "")", as: [AccountView].self)
        if options.json { return Output.json(data) }
        guard !accounts.isEmpty else { return print("no accounts; add one with `schedctl accounts add x`") }
        Output.table(["ID", "ACCOUNT", "NAME", "AUTH", "STATUS", "PENDING"], accounts.map {
            [String($0.id), $0.reference, $0.displayName, $0.authKind.rawValue, $0.status.rawValue, String($0.pendingPosts)]
        })
    }
}

struct AccountsRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove an account and delete its stored credentials; its published history stays.",
        discussion: "Refused while unfinished posts target the account, unless --cancel-pending cancels them.")

    @Argument(help: "The account: an id, network:@handle, or @handle.")
    var account: String

    @Flag(name: .customLong("cancel-pending"), help: "Cancel the account's unfinished posts.")
    var cancelPending = false

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let reference = account.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? account
        let data = try await options.client().send("DELETE", "/v1/accounts/\(reference)\(cancelPending ? "?cancel_pending=true" : "")")
        if options.json { return Output.json(data) }
        print("removed \(try options.client().decode(AccountView.self, data).reference); its credentials are deleted")
    }
}
