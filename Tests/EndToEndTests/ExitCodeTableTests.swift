import Foundation
import SchedulerCore
import Testing

/// The README's exit-code table, held by every command: 1 failure, 2 bad input (nothing stored), 3 not found,
/// 4 daemon unreachable, 5 conflict. One daemon in sandbox mode, one table of command lines.
@Suite(.serialized) struct ExitCodeTableTests {
    /// A command line, what it reads on standard input, and what it must end with.
    struct Row: CustomStringConvertible {
        var arguments: [String]
        var stdin: String? = nil
        /// Another control socket than the daemon's (an unreachable one).
        var socket: String? = nil
        var exit: Int32
        var message: String

        var description: String { "schedctl " + arguments.joined(separator: " ") }
    }

    static func table(cancelled post: Int64, nowhere: String) -> [Row] {
        [
            // 2: bad input, whichever command finds it.
            Row(arguments: ["sandbox", "approve", "not a url"], exit: 2, message: "'not a url' is not an authorization URL"),
            Row(arguments: ["sandbox", "token", "myspace"], exit: 2, message: "unknown network 'myspace'"),
            Row(arguments: ["check", "Hello", "--to", "myspace"], exit: 2, message: "unknown network 'myspace'"),
            Row(arguments: ["accounts", "add", "myspace"], stdin: "token", exit: 2, message: "unknown network 'myspace'"),
            Row(arguments: ["sandbox", "records", "bogus"], exit: 2, message: "the sandbox keeps no 'bogus' record"),
            Row(arguments: ["sandbox", "token", "x", "--username", "not a name!"], exit: 2, message: "the sandbox refused"),
            Row(arguments: ["schedule", "Hello", "--to", "x:@runner", "--at", "next blue moon"], exit: 2, message: "cannot read 'next blue moon'"),
            // A token the network refuses is bad input on every network, said the same way, never as raw JSON.
            Row(arguments: ["accounts", "add", "x"], stdin: #"{"token": "1-forged", "token_secret": "nope"}"#, exit: 2,
                message: "X did not accept"),
            Row(arguments: ["accounts", "add", "linkedin"], stdin: "forged-member-token", exit: 2,
                message: "LinkedIn did not accept this token"),
            Row(arguments: ["accounts", "add", "facebook"], stdin: "forged-page-token", exit: 2,
                message: "Facebook did not accept this token"),
            Row(arguments: ["accounts", "add", "instagram", "--handoff", "--handle", "bad handle!"], exit: 2,
                message: "'bad handle!' cannot be an Instagram handle"),
            // 3: the post or account named does not exist.
            Row(arguments: ["show", "999"], exit: 3, message: "no post 999"),
            Row(arguments: ["accounts", "show", "x:@nobody"], exit: 3, message: "x:@nobody"),
            // 5: conflict with the current state.
            Row(arguments: ["cancel", "\(post)"], exit: 5, message: "cancel"),
            // 1: something outside schedctl failed (here: nothing answers at the authorization URL).
            Row(arguments: ["sandbox", "approve", "http://127.0.0.1:1/oauth/authorize?oauth_token=t"], exit: 1,
                message: "nothing answers at 127.0.0.1:1"),
            // 4: no daemon answers on the control socket.
            Row(arguments: ["status"], socket: nowhere, exit: 4, message: "no socket at \(nowhere)"),
        ]
    }

    @Test func everyCommand_exitsWithTheCodeTheREADMEsTableGives_andSaysWhatWentWrong_neverInRawJSON() async throws {
        let daemon = try DaemonUnderTest("exit-table")
        try await daemon.start()
        let account = try daemon.addSandboxAccount(username: "runner")
        let post = try daemon.schedule("Cancelled already", to: account.reference, at: "in 1h")
        #expect(try daemon.schedctl(["cancel", "\(post.id)"]).status == 0)
        let before = try daemon.accounts()

        let nowhere = daemon.directory.file("nowhere/control.sock")
        for row in Self.table(cancelled: post.id, nowhere: nowhere) {
            let run = try Schedctl.run(row.arguments, socket: row.socket ?? daemon.socket, stdin: row.stdin)
            #expect(run.status == row.exit, "\(row): exit \(run.status), stderr: \(run.stderr)")
            #expect(run.stderr.contains(row.message), "\(row): stderr was \(run.stderr)")
            #expect(!run.stderr.contains("{\""), "\(row): no raw JSON in the message: \(run.stderr)")
            #expect(!run.stderr.contains("port 80"), "\(row): no libcurl text about a TCP port: \(run.stderr)")
            #expect(!run.stderr.contains("nope") && !run.stderr.contains("forged"), "\(row): no token in the message: \(run.stderr)")
        }
        #expect(try daemon.accounts().map(\.id) == before.map(\.id), "no refused import stored an account")
        _ = try await daemon.stop()
    }

    /// Handles people type are checked against the network's username rule at the daemon (README, "What the networks
    /// require"): Instagram 1 to 30 letters, digits, periods and underscores.
    @Test func aHandoffHandle_isCheckedAgainstInstagramsUsernameRule_atTheDaemon() async throws {
        let daemon = try DaemonUnderTest("handles")
        try await daemon.start()
        for bad in ["bad handle!", "club-runs", String(repeating: "a", count: 31), "émile"] {
            let run = try daemon.schedctl(["accounts", "add", "instagram", "--handoff", "--handle", bad])
            #expect(run.status == 2, "\(bad): \(run.stderr)")
            #expect(run.stderr.contains("cannot be an Instagram handle") && run.stderr.contains("1 to 30 letters, digits, periods (.) and underscores (_)"),
                    "\(bad): \(run.stderr)")
        }
        let raw = try await daemon.api("POST", "/v1/accounts",
                                       body: Array(#"{"network": "instagram", "token": "", "handoff": true, "handle": "no spaces allowed"}"#.utf8))
        #expect(raw.status == 400, "the control API is the boundary: \(raw.bodyText)")
        #expect(try daemon.accounts().isEmpty, "nothing was stored")

        let good = try daemon.schedctl(["accounts", "add", "instagram", "--handoff", "--handle", "@Club.Runs_2026", "--json"])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(try good.decode(AccountView.self).handle == "Club.Runs_2026")
        _ = try await daemon.stop()
    }
}
