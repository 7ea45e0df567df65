import ArgumentParser
import Foundation
import SchedctlOutput
import SchedulerCore

struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "Link, import, list, refresh and unlink the accounts posts go to.",
        subcommands: [AccountsLink.self, AccountsAdd.self, AccountsList.self, AccountsShow.self, AccountsRefresh.self,
                      AccountsUnlink.self],
        defaultSubcommand: AccountsList.self)
}

struct AccountsAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Import a token you already have, sign in to Bluesky with an app password, or add an Instagram account for handoff.",
        discussion: """
            X takes an OAuth 1.0a access token and secret (developer portal); LinkedIn a member token (token \
            generator); Facebook a Page token (Graph API Explorer); Instagram a Facebook user token, or the token of \
            the Page its professional account is connected to. The token is read from standard input or \
            --from-file, never from the command line: as JSON ({"token": "…", "token_secret": "…"}), as \
            oauth_token=…&oauth_token_secret=…, or as lines (token, then secret). On a terminal you are \
            prompted, without echo. To link with a browser instead, use `schedctl accounts link`. A token that cannot \
            publish is refused (exit 2), naming what it lacks and storing nothing: a Facebook user token or one without \
            pages_manage_posts and pages_read_engagement, a LinkedIn token without w_member_social, an X token at the \
            "read" access level. Bluesky signs in with the account's handle and an app password (Settings, Privacy and \
            security, App passwords; never the account's own password), read from standard input or --from-file as one \
            line, or as JSON ({"handle": "…", "password": "…"}); --pds names a PDS of your own.
            Examples:
              schedctl accounts add x < x-token.json
              schedctl sandbox token x | schedctl accounts add x
              schedctl accounts add instagram --handoff --handle club_runs
              schedctl accounts add bluesky --handle runner.bsky.social < app-password.txt
              schedctl sandbox token bluesky | schedctl accounts add bluesky
            """)

    @Argument(help: "The network: \(Network.typedNames()).")
    var network: String

    @Option(name: .customLong("from-file"), help: "Read the token from this file instead of standard input.")
    var fromFile: String?

    @Flag(help: "Instagram only: publish by handoff (you finish each post in the app); no token needed.")
    var handoff = false

    @Option(help: "The handle of a handoff account (1 to 30 letters, digits, periods and underscores), or a Bluesky account's handle or DID.")
    var handle: String?

    @Option(help: "Bluesky: the https:// address of the account's own PDS, when it is not on Bluesky's servers.")
    var pds: String?

    @Option(help: "Mastodon: the instance the token is for, e.g. https://mastodon.social (or \"instance\" in the JSON read).")
    var instance: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        let parsed = try NetworkArgument.parse(network)
        if handoff && parsed != .instagram { throw ValidationError("--handoff is for Instagram accounts only") }
        if handoff && (handle ?? "").isEmpty { throw ValidationError("a handoff account needs --handle NAME") }
        if pds != nil && parsed != .bluesky { throw ValidationError("--pds is for Bluesky accounts only") }
        if instance != nil && parsed != .mastodon { throw ValidationError("--instance is for Mastodon accounts only") }
    }

    func run() async throws {
        let network = try NetworkArgument.parse(network)
        let request: ImportAccountRequest
        if handoff {
            request = ImportAccountRequest(network: network, token: "", tokenSecret: nil, handoff: true, handle: handle)
        } else if network == .bluesky {
            let signIn = try AppPasswordInput.read(fromFile: fromFile, handle: handle)
            request = ImportAccountRequest(network: network, token: "", tokenSecret: nil, handle: signIn.handle, password: signIn.password, service: pds)
        } else {
            let (token, secret, service) = try TokenInput.read(fromFile: fromFile, needsSecret: network == .x)
            request = ImportAccountRequest(network: network, token: token, tokenSecret: secret, service: instance ?? service)
        }
        let data = try await options.client().send("POST", "/v1/accounts", body: request)
        if options.json { return Output.json(data) }
        let account = try options.client().decode(AccountView.self, data)
        print("added \(account.reference) (\(account.displayName)), account \(account.id)")
        for note in account.notes ?? [] { print("note: \(note)") }
    }
}

/// Network names as people type them.
enum NetworkArgument {
    static func parse(_ text: String) throws -> Network {
        guard let network = Network(rawValue: text.lowercased()) else {
            throw ValidationError(Suggestions.networkProblem(text) ?? "unknown network '\(text)'")
        }
        return network
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
        print(AccountText.table(accounts, terminal: .current()), terminator: "")
    }
}

struct AccountsShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one account and what its token allows.")

    @Argument(help: "The account: an id, network:@handle, or @handle.")
    var account: String

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (view, data) = try await options.client().get("/v1/accounts/\(PathSegment.encode(account))", as: AccountView.self)
        if options.json { return Output.json(data) }
        print("account \(view.id): \(view.reference)")
        print("  name:     \(view.displayName)")
        print("  remote:   \(view.remoteId)")
        print("  auth:     \(view.authKind.rawValue)")
        print("  status:   \(view.status.rawValue)\(view.statusReason.map { " (\($0))" } ?? "")")
        print("  token:    \(AccountText.token(view))")
        print("  pending:  \(Counted.of(view.pendingPosts, "post"))")
        if let refusal = view.permissionRefusal { print("  refused:  " + StatusText.permissionRefusal(view, refusal)) }
    }
}

struct AccountsRefresh: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh", abstract: "Renew an account's token now (schedulerd also does it before expiry and after a refusal).")

    @Argument(help: "The account: an id, network:@handle, or @handle.")
    var account: String

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let data = try await options.client().send("POST", "/v1/accounts/\(PathSegment.encode(account))/refresh")
        if options.json { return Output.json(data) }
        let view = try options.client().decode(AccountView.self, data)
        print("renewed \(view.reference): \(AccountText.token(view))")
    }
}

struct AccountsUnlink: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlink",
        abstract: "Revoke an account's token at the network where possible and delete it here; published history stays.",
        discussion: "Refused while unfinished posts target the account, unless --cancel-pending cancels them.",
        aliases: ["remove"])

    @Argument(help: "The account: an id, network:@handle, or @handle.")
    var account: String

    @Flag(name: .customLong("cancel-pending"), help: "Cancel the account's unfinished deliveries (its posts to other accounts go on).")
    var cancelPending = false

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let data = try await options.client().send("DELETE", "/v1/accounts/\(PathSegment.encode(account))\(cancelPending ? "?cancel_pending=true" : "")")
        if options.json { return Output.json(data) }
        let view = try options.client().decode(UnlinkView.self, data)
        print("unlinked \(view.account.reference): \(view.revokedAtNetwork ? "revoked at \(view.account.network.displayName), " : "")credentials deleted"
              // One delivery to it per post: a post to other accounts too goes on to them (issue 48, item 11: "1 post").
              + (cancelPending ? "; cancelled \(Counted.of(view.cancelledPosts, "delivery", "deliveries")) to it" : ""))
        if let note = view.note { print("note: \(note)") }
    }
}

/// How a name travels in a control API URL.
enum PathSegment {
    /// A name (an account reference such as `x:@club`, a web user's name) percent-encoded for a URL path segment or a
    /// query value.
    static func encode(_ reference: String) -> String {
        reference.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? reference
    }
}
