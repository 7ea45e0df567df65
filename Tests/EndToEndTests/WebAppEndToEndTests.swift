import Foundation
import HTTPClient
import SchedulerCore
import Testing

/// People added to the web app with `schedctl web user`, against a real `schedulerd`: what each command says, and the
/// daemon's refusals in schedctl's words. The pages themselves (signing in, the session cookie's flags, the security
/// headers, CSRF on every change, the login throttle, a hostile post text shown as text) are tested in process, by
/// SchedulerServerTests' WebAppTests; `startDaemon` serves the other web suites here that need a process.
@Suite(.serialized) struct WebAppEndToEndTests {
    static let password = "long enough passphrase"

    func startDaemon(_ label: String) async throws -> (DaemonUnderTest, WebVisitor) {
        let daemon = try DaemonUnderTest(label, config: "[web]\nlisten = \"127.0.0.1:0\"\n")
        try await daemon.start()
        var address: String?
        try await eventually(timeout: .seconds(20), "the web app listens") {
            address = Self.webAddress(in: daemon.logs)
            return address != nil
        }
        let added = try daemon.schedctl(["web", "user", "add", "ada", "--role", "owner"], stdin: Self.password + "\n")
        #expect(added.status == 0 && added.stdout.contains("ada may sign in to the web app as owner"), "\(added.stderr)")
        return (daemon, WebVisitor(base: "http://" + address!))
    }

    static func webAddress(in logs: String) -> String? {
        guard let line = logs.split(separator: "\n").first(where: { $0.contains("web app ready") }),
              let range = line.range(of: #"127\.0\.0\.1:[0-9]+"#, options: .regularExpression) else { return nil }
        return String(line[range])
    }

    @Test func webUserCommands_sayWhatTheyDid_andTheDaemonsRefusalsInItsWords() async throws {
        let daemon = try DaemonUnderTest("web-users")
        try await daemon.start()
        let added = try daemon.schedctl(["web", "user", "add", "ada", "--role", "owner"], stdin: Self.password + "\n")
        #expect(added.status == 0 && added.stdout.contains("ada may sign in to the web app as owner"), "\(added.stderr)")
        // Bad input at the command line: a short password (the daemon's refusal), an unknown role (schedctl's own), removing
        // the last owner.
        let short = try daemon.schedctl(["web", "user", "add", "bob", "--role", "editor"], stdin: "short\n")
        #expect(short.status == 2 && short.stderr.contains("shorter than 10"), "\(short.status) \(short.stderr)")
        #expect(try daemon.schedctl(["web", "user", "add", "bob", "--role", "boss"], stdin: Self.password + "\n").status == 2)
        #expect(try daemon.schedctl(["web", "user", "add", "bob", "--role", "viewer"], stdin: "another passphrase\n").status == 0)
        let lastOwner = try daemon.schedctl(["web", "user", "remove", "ada"])
        #expect(lastOwner.status != 0 && lastOwner.stderr.contains("last owner"), "\(lastOwner.stderr)")
        let listed = try daemon.schedctl(["web", "user", "list", "--json"]).decode([WebUserView].self)
        #expect(listed.map(\.name) == ["ada", "bob"] && listed.map(\.role) == [.owner, .viewer])
        #expect(try daemon.schedctl(["web", "user", "passwd", "ada"], stdin: "a brand new passphrase\n").status == 0)
        _ = try await daemon.stop()
    }
}
