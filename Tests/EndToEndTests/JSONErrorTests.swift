import Foundation
import SchedulerCore
import Testing

/// With `--json`, a failure is JSON too: `{"error": MESSAGE, "problems": [...]}` on standard output, with the
/// exit code the same as without `--json`, so a script reads what went wrong where it reads results.
@Suite(.serialized) struct JSONErrorTests {
    struct ErrorObject: Decodable {
        var error: String
        var problems: [String]
    }

    static func errorObject(_ run: SchedctlRun) throws -> ErrorObject {
        do { return try JSONDecoder().decode(ErrorObject.self, from: Data(run.stdout.utf8)) } catch {
            throw E2EError("stdout is not {\"error\", \"problems\"} (exit \(run.status)): \(run.stdout) / \(run.stderr)")
        }
    }

    /// Issue 25, bug 15: `accounts lnk --json` gave the parser's "Unexpected argument 'lnk'" where people got "did you
    /// mean 'link'?". Every command group, and the root, gives scripts the same suggestion, by the error contract.
    @Test(arguments: [
        (["accounts", "lnk", "--json"], "'lnk' is not a command of 'schedctl accounts'; did you mean 'link'?"),
        (["accounts", "--json", "lnk"], "'lnk' is not a command of 'schedctl accounts'; did you mean 'link'?"),
        (["sandbox", "tokn", "x", "--json"], "'tokn' is not a command of 'schedctl sandbox'; did you mean 'token'?"),
        (["slots", "sett", "x:@club", "mon", "07:30", "--json"], "'sett' is not a command of 'schedctl slots'; did you mean 'set'?"),
        (["handoff", "dnoe", "3", "--json"], "'dnoe' is not a command of 'schedctl handoff'; did you mean 'done'?"),
        (["acounts", "list", "--json"], "'acounts' is not a command of 'schedctl'; did you mean 'accounts'?"),
    ])
    func aMistypedCommand_withJSON_suggestsTheCommandInTheErrorObject(_ arguments: [String], _ says: String) throws {
        let run = try Schedctl.run(arguments, socket: "/nonexistent/control.sock")
        #expect(run.status == 2, "bad input: \(run.stderr)")
        let object = try Self.errorObject(run)
        #expect(object.error == says, "\(object.error)")
        #expect(object.problems.isEmpty)
        #expect(run.stderr.contains(says), "the message still goes to standard error: \(run.stderr)")
    }

    @Test func aScheduleRefusedForEachNetwork_givesTheErrorAndEveryProblem_asJSONOnStandardOutput() async throws {
        let daemon = try DaemonUnderTest("json-errors")
        try await daemon.start()
        let x = try daemon.addSandboxAccount(username: "runner")
        let instagram = try daemon.schedctl(["accounts", "add", "instagram", "--handoff", "--handle", "club_runs", "--json"]).decode(AccountView.self)

        let arguments = ["schedule", String(repeating: "a", count: 281), "--to", x.reference, instagram.reference, "--at", "in 1h"]
        let text = try daemon.schedctl(arguments)
        let json = try daemon.schedctl(arguments + ["--json"])
        #expect(text.status == 2 && json.status == 2, "the same exit code with and without --json: \(text.status), \(json.status)")
        let object = try Self.errorObject(json)
        #expect(object.problems.count == 2, "one problem per network: \(object.problems)")
        #expect(object.problems.contains { $0.contains("281 characters, over X's limit of 280") }, "\(object.problems)")
        #expect(object.problems.contains { $0.contains("Instagram") }, "\(object.problems)")
        #expect(object.error.contains("refused"), "\(object.error)")
        #expect(text.stdout.isEmpty, "without --json, nothing on standard output")
        #expect(text.stderr.contains("  - "), "people get one problem a line: \(text.stderr)")
        #expect(try daemon.posts(state: "all").isEmpty)

        let missing = try daemon.schedctl(["show", "999", "--json"])
        #expect(missing.status == 3)
        #expect(try Self.errorObject(missing).error.contains("no post 999"))
        #expect(try Self.errorObject(missing).problems.isEmpty)

        let badFlag = try daemon.schedctl(["list", "--limit", "many", "--json"])
        #expect(badFlag.status == 2)
        #expect(try Self.errorObject(badFlag).error.contains("many"), "an argument schedctl itself refuses: \(badFlag.stdout)")
        _ = try await daemon.stop()

        let unreachable = try daemon.schedctl(["status", "--json"])
        #expect(unreachable.status == 4)
        #expect(try Self.errorObject(unreachable).error.contains("no socket at"), "\(unreachable.stdout)")
    }
}
