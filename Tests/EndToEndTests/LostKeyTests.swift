import Foundation
import SchedulerCore
import Testing

/// Issue 25, bug 10: a damaged credential key with no backup. The refusal's advice is followed to the letter: the
/// command it names forgets the credentials (posts kept), the daemon starts with a new key, the account is linked
/// again, and its post goes out.
@Suite(.serialized) struct LostKeyTests {
    @Test(.timeLimit(.minutes(2)))
    func damagedKeyWithNoBackup_theAdvisedCommandThenARelink_publishesTheKeptPost() async throws {
        let daemon = try DaemonUnderTest("lost-key")
        try await daemon.start()
        _ = try daemon.addSandboxAccount(username: "runner")
        let post = try daemon.schedule("Kept through a lost key \(UUID().uuidString.prefix(6))", to: "x:@runner", at: "in 2h")

        // While the daemon runs, nothing is forgotten.
        let running = try await CorruptStateTests.runSchedulerd(["--state-dir", daemon.stateDirectory, "store", "forget-credentials"],
                                                                in: daemon.directory, name: "forget-while-running")
        #expect(running.status == 75, "\(running.stderr)")
        #expect(try daemon.accounts().first?.status == .active)
        #expect(try await daemon.stop() == 0)

        let key = daemon.stateDirectory + "/credentials.key"
        try Data(CorruptStateTests.seededBytes(17, seed: 7)).write(to: URL(fileURLWithPath: key))
        let refused = try await CorruptStateTests.runSchedulerd(["--sandbox", "--state-dir", daemon.stateDirectory], in: daemon.directory, name: "refused")
        CorruptStateTests.expectRefusal(refused, status: 78, naming: key, mentions: ["backup", "forget-credentials", "relink"], "damaged key")
        #expect(!refused.stderr.contains("move it aside"), "no advice that cannot work: \(refused.stderr)")

        // The command the message names, as written there.
        let advised = try #require(refused.stderr.firstMatch(of: /`(schedulerd store forget-credentials [^`]*)`/).map { String($0.1) })
        #expect(advised == "schedulerd store forget-credentials --state-dir \(daemon.stateDirectory)")
        let words = advised.split(separator: " ").dropFirst().map(String.init)
        let forgot = try await CorruptStateTests.runSchedulerd(words, in: daemon.directory, name: "forget")
        #expect(forgot.status == 0, "\(forgot.stderr)")
        #expect(forgot.stdout.contains("forgot the credentials of 1 account") && forgot.stdout.contains("x:@runner"), "\(forgot.stdout)")
        #expect(forgot.stdout.contains("schedctl accounts link x"), "\(forgot.stdout)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: daemon.stateDirectory).filter { $0.hasPrefix("credentials.key.unusable-") }
        #expect(aside.count == 1 && !FileManager.default.fileExists(atPath: key), "the old key moved aside, not deleted: \(aside)")

        try await daemon.start()
        let account = try #require(try daemon.accounts().first)
        #expect(account.status == .needsRelink, "\(account)")
        #expect(try daemon.schedctl(["show", "\(post.id)", "--json"]).decode(PostView.self).deliveries.first?.state == .scheduled, "the post was kept")
        _ = try daemon.addSandboxAccount(username: "runner")
        #expect(try daemon.accounts().first?.status == .active)
        #expect(try daemon.schedctl(["edit", "\(post.id)", "--at", "in 1s"]).status == 0)
        try await eventually("the kept post to go out") { try daemon.posts(state: "published").count == 1 }
        _ = try await daemon.stop()
    }
}
