import Foundation
import Sandbox
import SchedulerCore
import Testing

/// After linking, publishing, renewing and unlinking, no token or secret the sandbox issued is in the
/// daemon's log, in anything schedctl printed, or in the raw bytes of the database files.
@Suite(.serialized) struct LinkingSecretsTests {
    @Test func noIssuedTokenOrSecret_appearsInLogsOutputOrTheDatabase() async throws {
        let directory = TemporaryDirectory("leaks-sandbox")
        let sandbox = try await SandboxUnderTest(directory: directory)
        let daemon = try DaemonUnderTest("leaks", sandbox: sandbox)
        try await daemon.start()
        var outputs: [String] = []
        func run(_ arguments: [String]) throws -> SchedctlRun {
            let result = try daemon.schedctl(arguments)
            outputs += [result.stdout, result.stderr]
            return result
        }

        var linked: [AccountView] = []
        for (network, extra) in [("x", []), ("x", ["--oauth1"]), ("facebook", []), ("linkedin", []), ("instagram", [])] {
            // The PIN flow signs in as another sandbox user, so it links a second X account.
            let attempt = extra.isEmpty ? try await daemon.link(network) : try await daemon.link(network, extra) { url in
                try await Browser.pin(url + "&sandbox_user=pin_runner")
            }
            outputs += [attempt.stdout, attempt.stderr, attempt.url]
            #expect(attempt.status == 0, "\(network): \(attempt.stderr)")
            linked.append(try JSONCoding.decoder().decode(AccountView.self, from: Data(attempt.stdout.utf8)))
        }
        let x = linked[0]
        let post = try daemon.schedule("No secrets here", to: x.reference, at: "in 1s")
        try await eventually("the post to be published") { try daemon.posts(state: "published").contains { $0.id == post.id } }
        #expect(try run(["accounts", "refresh", x.reference]).status == 0)
        for arguments in [["status"], ["status", "--json"], ["accounts", "list"], ["accounts", "list", "--json"],
                          ["accounts", "show", x.reference, "--json"], ["list", "--state", "all", "--json"], ["show", "\(post.id)"],
                          ["sandbox", "received", "--json"], ["sandbox", "records", "issued"], ["sandbox", "records", "revoked"]] {
            #expect(try run(arguments).status == 0, "\(arguments)")
        }
        #expect(try run(["accounts", "unlink", linked[3].reference]).status == 0)
        _ = try await daemon.stop()
        outputs.append(daemon.logs)

        let issued = try await sandbox.record("secrets").compactMap(\.stringValue)
        #expect(issued.count >= 12, "the sandbox issued tokens for every link and the refresh (\(issued.count))")
        let appSecrets = [SandboxCredentials.xClientSecret, SandboxCredentials.xConsumerSecret,
                          SandboxCredentials.facebookAppSecret, SandboxCredentials.linkedinClientSecret]
        let secrets = issued + appSecrets
        for secret in secrets {
            for output in outputs {
                #expect(!output.contains(secret), "a secret issued by the sandbox was printed or logged")
            }
        }
        for name in ["schedulerd.sqlite", "schedulerd.sqlite-wal", "schedulerd.sqlite-shm"] {
            guard let bytes = FileManager.default.contents(atPath: (daemon.stateDirectory as NSString).appendingPathComponent(name)) else { continue }
            for secret in secrets {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(name) holds a secret in plaintext")
            }
        }
    }
}
