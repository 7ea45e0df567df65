import ArgumentParser
import Foundation
import SchedulerCore

struct WebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "The web app's people: who may sign in, and as what.",
        subcommands: [WebUserCommand.self])
}

struct WebUserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Add, list, remove people of the web app, or give one a new password.",
        discussion: """
            Roles: owner (everything, linking accounts included), editor (posts and runs), viewer (reads). \
            A password is read from standard input, twice on a terminal, never from the command line.
            Example: schedctl web user add ada --role owner
            """,
        subcommands: [WebUserList.self, WebUserAdd.self, WebUserRemove.self, WebUserPassword.self],
        defaultSubcommand: WebUserList.self)
}

struct WebUserList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "The web app's people and their roles.")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (users, data) = try await options.client().get("/v1/web/users", as: [WebUserView].self)
        if options.json { return Output.json(data) }
        guard !users.isEmpty else { return print("nobody may sign in to the web app yet; `schedctl web user add NAME --role owner` adds someone") }
        let width = max(4, users.map(\.name.count).max() ?? 4)
        print("NAME".padding(toLength: width, withPad: " ", startingAt: 0) + "  ROLE    SINCE")
        for user in users {
            print(user.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + user.role.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
                  + "  " + RFC3339.format(user.createdAt).prefix(10))
        }
    }
}

struct WebUserAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Let someone sign in to the web app.",
        discussion: "Example: printf '%s\\n' \"$PASSWORD\" | schedctl web user add coach --role editor")

    @Argument(help: "Their name to sign in with: letters, digits, '.', '_' or '-'.")
    var name: String

    @Option(help: "owner, editor or viewer.")
    var role: String

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard WebRole(rawValue: role) != nil else { throw ValidationError("--role is owner, editor or viewer, not '\(role)'") }
    }

    func run() async throws {
        let password = try PasswordInput.read(for: name)
        let data = try await options.client().send("POST", "/v1/web/users", body: AddWebUserRequest(name: name, role: WebRole(rawValue: role)!,
                                                                                                  password: password))
        if options.json { return Output.json(data) }
        let user = try options.client().decode(WebUserView.self, data)
        print("\(user.name) may sign in to the web app as \(user.role.rawValue)")
    }
}

struct WebUserRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Stop someone signing in; their sessions end at once.")

    @Argument(help: "Their name.")
    var name: String

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let data = try await options.client().send("DELETE", "/v1/web/users/\(PathSegment.encode(name))")
        if options.json { return Output.json(data) }
        print("\(name) may no longer sign in to the web app")
    }
}

struct WebUserPassword: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "passwd", abstract: "Give someone a new password; their sessions end.")

    @Argument(help: "Their name.")
    var name: String

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let password = try PasswordInput.read(for: name)
        let data = try await options.client().send("PUT", "/v1/web/users/\(PathSegment.encode(name))/password", body: WebPasswordRequest(password: password))
        if options.json { return Output.json(data) }
        print("\(name) has a new password; every browser signed in as \(name) must sign in again")
    }
}

/// A web password: typed twice without echo on a terminal, else the first line of standard input.
enum PasswordInput {
    static func read(for name: String) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            let text = try LocalFile.standardInput()
            guard let line = text.split(whereSeparator: \.isNewline).first.map(String.init), !line.isEmpty else {
                throw CLIError.badInput("no password on standard input; give it as its first line")
            }
            return line
        }
        let first = getpass("Password for \(name): ").map { String(cString: $0) } ?? ""
        let second = getpass("Again: ").map { String(cString: $0) } ?? ""
        guard first == second else { throw CLIError.badInput("the two passwords differ; nothing was changed") }
        guard !first.isEmpty else { throw CLIError.badInput("the password is empty") }
        return first
    }
}
