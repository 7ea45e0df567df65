import Connectors
import Foundation
import Logging
import SchedulerCore
@testable import SchedulerDomain
@testable import SchedulerServices
@testable import SchedulerStores
import Testing
@testable import Scheduler

/// Issue 48, item 1: a restarted sandbox keeps its addresses where it can, its forgotten tokens are said at start, and
/// `doctor` and `status` notice a network nothing answers at.
@Suite struct SandboxRestartTests {
    @Test func theRecord_isKeptWholeInAFileOfMode0600_andSaysWhichAddressesMoved() throws {
        let directory = try TemporaryDirectory()
        #expect(SandboxRecord.load(stateDirectory: directory.path) == nil)
        let record = SandboxRecord(instance: "abc", urls: ["x": "http://127.0.0.1:4001", "mastodon": "http://127.0.0.1:4005"])
        try record.save(stateDirectory: directory.path)
        #expect(SandboxRecord.load(stateDirectory: directory.path) == record)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: directory.file("sandbox.json"))[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(record.ports == ["x": 4001, "mastodon": 4005])
        let moved = record.moved(to: ["x": "http://127.0.0.1:4001", "mastodon": "http://127.0.0.1:5005", "threads": "http://127.0.0.1:4007"])
        #expect(moved.map(\.host) == ["mastodon"] && moved.first?.old == "http://127.0.0.1:4005" && moved.first?.new == "http://127.0.0.1:5005")
    }

    @Test func theDaemon_asksSandboxdForTheLastPorts_fallingBackWhenOneIsTaken() {
        let arguments = SandboxSettings().sandboxdArguments(logLevel: .info, ports: ["x": 4001, "threads": 4007])
        #expect(arguments.contains("--fall-back-from-taken-ports"))
        let ports = try? #require(arguments.firstIndex(of: "--ports").map { arguments[$0 + 1] })
        #expect(ports == "x=4001,threads=4007")
    }

    @Test func aSandboxIsNew_unlessTheRecordNamesTheSameInstance() {
        #expect(SandboxRelinking.isNewSandbox(record: nil, instance: "a"))
        #expect(SandboxRelinking.isNewSandbox(record: SandboxRecord(instance: "a", urls: [:]), instance: "b"))
        #expect(SandboxRelinking.isNewSandbox(record: SandboxRecord(instance: nil, urls: [:]), instance: "b"))
        #expect(SandboxRelinking.isNewSandbox(record: SandboxRecord(instance: "a", urls: [:]), instance: nil))
        #expect(!SandboxRelinking.isNewSandbox(record: SandboxRecord(instance: "a", urls: [:]), instance: "a"))
    }

    @Test func aRestartedSandbox_marksTheAccountsLinkedThroughIt_withTheCommandsThatLinkThemAgain() async throws {
        let store = try SQLiteStore.inMemory()
        let vault = try CredentialVault(key: testKey())
        func server(_ url: String) -> AccountCredentials {
            var credentials = AccountCredentials.oauth2(accessToken: "t", refreshToken: nil, expiresAt: nil)
            credentials.serviceURL = url
            return credentials
        }
        let x = try await store.addAccount("runner", vault: vault)
        let mara = try await store.addAccount("mara.bsky.sandbox", network: .bluesky, vault: vault, credentials: server("http://127.0.0.1:4004"))
        let real = try await store.addAccount("real.bsky.social", network: .bluesky, vault: vault, credentials: server("https://bsky.social"))
        let long = try await store.addAccount("kim@long.sandbox", network: .mastodon, vault: vault, credentials: server("http://127.0.0.1:4006"))
        let short = try await store.addAccount("kim@mastodon.sandbox", network: .mastodon, vault: vault, credentials: server("http://127.0.0.1:4005"))
        _ = try await store.addPost(due: Date().addingTimeInterval(3_600), to: [mara])

        #expect(try await SandboxRelinking(store: store, vault: vault).markForgottenTokens() == 4)
        let accounts = Dictionary(uniqueKeysWithValues: try await store.accounts().map { ($0.id, $0) })
        #expect(accounts[real.id]?.status == .active, "an account on a real PDS is not the sandbox's")
        for account in [x, mara, long, short] { #expect(accounts[account.id]?.status == .needsRelink, "\(account.reference)") }
        let reason = try #require(accounts[mara.id]?.statusReason)
        #expect(reason == "the sandbox was restarted and no longer knows this account's token; link it again: "
            + "schedctl sandbox token bluesky --username mara | schedctl accounts add bluesky")
        #expect(accounts[mara.id]?.pendingPosts == 1, "its post waits")
        #expect(accounts[x.id]?.statusReason?.hasSuffix("schedctl sandbox token x --username runner | schedctl accounts add x") == true)
        #expect(accounts[short.id]?.statusReason?.hasSuffix("schedctl sandbox token mastodon --username kim | schedctl accounts add mastodon") == true)
        #expect(accounts[long.id]?.statusReason?.hasSuffix("schedctl accounts link mastodon --instance long.sandbox, signing in as kim") == true)
        #expect(try await SandboxRelinking(store: store, vault: vault).markForgottenTokens() == 0, "marked once")
    }
}

/// Issue 48, item 4: `--instance mastodon.sandbox`, the domain in the sandbox's handles, reaches that instance.
@Suite struct SandboxInstanceNameTests {
    @Test func theSandboxsOwnDomain_isTakenForItsAddress_andAnyOtherInstanceIsLeftAsGiven() throws {
        let store = try SQLiteStore.inMemory()
        let vault = try CredentialVault(key: testKey())
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let service = AccountService(store: store, linkers: LinkerRegistry(), vault: vault,
                                     credentials: CredentialProvider(store: store, vault: vault, linkers: LinkerRegistry(), logger: logger),
                                     wake: WakeSignal(), headlessRedirectURI: "http://127.0.0.1/callback",
                                     sandboxInstances: ["mastodon.sandbox": "http://127.0.0.1:4005", "long.sandbox": "http://127.0.0.1:4006"])
        #expect(service.resolvingSandboxInstance("mastodon.sandbox") == "http://127.0.0.1:4005")
        #expect(service.resolvingSandboxInstance("https://Long.Sandbox/") == "http://127.0.0.1:4006")
        #expect(service.resolvingSandboxInstance("https://mastodon.social") == "https://mastodon.social")
        #expect(service.resolvingSandboxInstance(nil) == nil)
    }
}
