import Foundation
import SchedulerCore
import Testing

/// The sandbox a daemon starts is new at every start; its users must still never take each other's ids,
/// or a token imported for someone new lands on an earlier account's row (the daemon knows accounts by
/// their network id). And `sandbox approve` plays the browser for every flow, X's PIN page included.
@Suite(.serialized) struct SandboxIdentityTests {
    @Test func afterARestart_aNewSandboxUser_getsNewIDs_andANewAccount_whileAnEarlierUserKeepsTheirs() async throws {
        let daemon = try DaemonUnderTest("sandbox-ids")
        try await daemon.start()
        let runner = try daemon.addSandboxAccount(username: "runner")
        let linkedInFirst = try await daemon.linkAccount("linkedin")
        _ = try await daemon.stop()

        try await daemon.start()
        let newcomer = try daemon.addSandboxAccount(username: "newcomer")
        #expect(newcomer.remoteId != runner.remoteId, "the restarted sandbox gave newcomer runner's id \(runner.remoteId)")
        #expect(newcomer.id != runner.id, "the import made a new account instead of landing on runner's row")
        let accounts = try daemon.accounts()
        #expect(accounts.first { $0.id == runner.id }?.handle == "runner", "runner's row is still runner's: \(accounts.map(\.reference))")

        let runnerAgain = try daemon.addSandboxAccount(username: "runner")
        #expect(runnerAgain.id == runner.id && runnerAgain.remoteId == runner.remoteId, "the same person relinked lands on their own row")
        let linkedInAgain = try await daemon.linkAccount("linkedin")
        #expect(linkedInAgain.remoteId == linkedInFirst.remoteId && linkedInAgain.id == linkedInFirst.id)
        let linkedInOther = try await daemon.link("linkedin") { url in try await Browser.approve(url + "&sandbox_user=li_other") }
        #expect(linkedInOther.status == 0, "\(linkedInOther.stderr)")
        #expect(try JSONCoding.decoder().decode(AccountView.self, from: Data(linkedInOther.stdout.utf8)).remoteId != linkedInFirst.remoteId)
        #expect(try daemon.accounts().count == 4, "runner, newcomer and two LinkedIn members")
        _ = try await daemon.stop()
    }

    @Test func sandboxApprove_onXsOAuth1PINPage_printsThePIN_whichCompletesTheLink() async throws {
        let daemon = try DaemonUnderTest("approve-pin")
        try await daemon.start()
        var approved: SchedctlRun?
        let attempt = try await daemon.link("x", ["--oauth1"]) { url in
            let run = try daemon.schedctl(["sandbox", "approve", url + "&sandbox_user=pin_person"])
            approved = run
            return run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let approve = try #require(approved)
        #expect(approve.status == 0, "\(approve.stderr)")
        let pin = approve.stdout.trimmingCharacters(in: .newlines)
        #expect(!pin.isEmpty && pin.allSatisfy { $0.isNumber }, "the PIN alone: \(approve.stdout)")
        #expect(attempt.status == 0, "\(attempt.stderr)")
        let account = try JSONCoding.decoder().decode(AccountView.self, from: Data(attempt.stdout.utf8))
        #expect(account.handle == "pin_person" && account.authKind == .oauth1)

        let used = try daemon.schedctl(["sandbox", "approve", attempt.url])
        #expect(used.status == 2, "a request token is used up by its first approval: \(used.stderr)")
        #expect(used.stderr.contains("no longer valid"), "the page's words: \(used.stderr)")
        _ = try await daemon.stop()
    }
}
